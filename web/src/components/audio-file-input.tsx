import type { Ref } from 'react';
import { AUDIO_ACCEPT } from '@/lib/audio-file';

/**
 * The chooser of one audio file, opened by a button of the caller's (hidden from sight and from the tab order:
 * the button is what people use). Cleared after each choice, so the same file can be chosen again.
 */
export function AudioFileInput({
  inputRef,
  onChoose,
  testId,
}: {
  inputRef: Ref<HTMLInputElement>;
  onChoose: (file: File | undefined) => void;
  testId: string;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={AUDIO_ACCEPT}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        e.currentTarget.value = '';
        onChoose(file);
      }}
      data-testid={testId}
    />
  );
}
