/** A growable array of doubles: the report's and the findings' per-step series (memory grows with the duration only). */
export class Doubles {
  values = new Float64Array(1024);
  length = 0;
  push(v: number) {
    if (this.length === this.values.length) {
      const more = new Float64Array(this.values.length * 2);
      more.set(this.values);
      this.values = more;
    }
    this.values[this.length++] = v;
  }
  get(i: number) {
    return this.values[i];
  }
  view() {
    return this.values.subarray(0, this.length);
  }
}
