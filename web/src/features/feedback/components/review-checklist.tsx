import type { ChecklistItem } from '@shared/review';
import { CheckIcon } from '@/components/icons';

/** What the review still needs before Submit (the server's own list), each item ticked off as it is done. */
export function ReviewChecklist({ items }: { items: ChecklistItem[] }) {
  const left = items.filter((i) => !i.done).length;
  return (
    <div className="review-checklist" data-testid="review-checklist">
      <p className="small review-checklist-title" aria-live="polite">
        {left ? `Before you submit: ${left} ${left === 1 ? 'thing' : 'things'} left` : 'Ready to submit'}
      </p>
      <ul>
        {items.map((i) => (
          <li key={i.key} className={i.done ? 'is-done' : ''} data-testid={`check-${i.key}`} data-done={i.done ? 'true' : 'false'}>
            <span className="review-check-mark" aria-hidden="true">
              {i.done ? <CheckIcon /> : null}
            </span>
            <span>
              {i.label}
              <span className="visually-hidden">{i.done ? ' (done)' : ' (to do)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
