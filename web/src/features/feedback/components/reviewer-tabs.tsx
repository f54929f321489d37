import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ShareStatus } from '@shared/feedback';
import { useShares } from '@/features/feedback/api/shares';
import { useSharesLive } from '@/features/feedback/hooks/use-shares-live';
import type { Viewer } from '@/features/feedback/utils/share';
import { ShareList } from './share-list';
import '@/components/chips.css';
import '@/features/feedback/shares.css';
import '@/features/feedback/reviewer-tabs.css';

export const TO_RATE: ShareStatus[] = ['pending', 'accepted'];
const HISTORY: ShareStatus[] = ['completed'];

const TABS = [
  {
    key: 'rate',
    label: 'Tracks to Rate',
    list: 'to-rate-list',
    none: 'No tracks to rate',
    later: 'Requests for your feedback will show here.',
  },
  {
    key: 'history',
    label: 'Your Feedback History',
    list: 'history-list',
    none: 'No feedback given yet',
    later: 'The feedback you complete will show here.',
  },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The reviewer's two tabs: requests to answer (pending and accepted) and the feedback given (completed). */
export function ReviewerTabs({ viewer }: { viewer: Viewer }) {
  useSharesLive();
  const [tab, setTab] = useState<TabKey>('rate');
  const toRate = useShares('reviewer', TO_RATE);
  const history = useShares('reviewer', HISTORY);
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // What is loaded so far: '25+' while older pages remain.
  const count = (q: typeof toRate) => (q.data?.length ? `${q.data.length}${q.hasNextPage ? '+' : ''}` : null);
  const counts: Record<TabKey, string | null> = { rate: count(toRate), history: count(history) };
  const current = TABS.find((t) => t.key === tab)!;
  const shown = tab === 'rate' ? toRate : history;

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (index + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    setTab(TABS[next].key);
    refs.current[next]?.focus();
  };

  return (
    <section className="panel panel-feedback" aria-labelledby={`${baseId}-title`} data-testid="reviewer-tabs">
      {/* In the page's outline above the requests' own titles (h3), whatever comes before the tabs on the page. */}
      <h2 id={`${baseId}-title`} className="visually-hidden">
        Reviews
      </h2>
      <div className="tabs" role="tablist" aria-label="Reviews">
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`${baseId}-panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            className={`tab${tab === t.key ? ' is-active' : ''}`}
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
            data-testid={`tab-${t.key}`}
          >
            {t.label}
            {counts[t.key] ? (
              <span className="count-badge" aria-hidden="true">
                {counts[t.key]}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`} className="tab-panel">
        <ShareList
          query={shown}
          pages={shown}
          viewer={viewer}
          label={current.label}
          testId={current.list}
          empty={
            <>
              <p className="feedback-view-title">{current.none}</p>
              <p className="muted small">{current.later}</p>
            </>
          }
        />
      </div>
    </section>
  );
}
