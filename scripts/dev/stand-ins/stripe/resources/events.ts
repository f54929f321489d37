/** The events API's list, filtered by type (with `.*` wildcards) and creation time. */
import { list } from '../expand.js';
import { renderEvent } from '../objects/events.js';
import type { Params } from '../params.js';
import type { Json } from '../records.js';
import type { StandinContext } from '../store.js';

export function listEvents(standin: StandinContext, p: Params): Json {
  const matches = (type: string, pattern: string) => (pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern);
  const type = p.str('type');
  const types = p.strings('types');
  const created = p.sub('created');
  const exact = created ? undefined : p.int('created');
  const bounds = { gt: created?.int('gt'), gte: created?.int('gte'), lt: created?.int('lt'), lte: created?.int('lte') };
  const items = Object.values(standin.state.events).filter(
    (e) =>
      (!type || matches(e.type, type)) &&
      (!types.length || types.some((t) => matches(e.type, t))) &&
      (exact === undefined || e.created === exact) &&
      (bounds.gt === undefined || e.created > bounds.gt) &&
      (bounds.gte === undefined || e.created >= bounds.gte) &&
      (bounds.lt === undefined || e.created < bounds.lt) &&
      (bounds.lte === undefined || e.created <= bounds.lte),
  );
  return list(standin, items, p, '/v1/events', 'event', (e) => renderEvent(e));
}
