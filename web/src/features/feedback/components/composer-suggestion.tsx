import { Button } from '@/components/button';
import { SparkIcon } from '@/components/icons-extra';
import { isPlanLimit, PlanLimitNotice } from '@/components/plan-limit-notice';

const SUGGESTION_ERROR = 'Failed to get suggestion';

/** AI Suggest's answer under the comment box (Accept or Discard), or why there is none. */
export function ComposerSuggestion({
  suggestion,
  error,
  onAccept,
  onDiscard,
}: {
  suggestion: string | null;
  error: Error | null;
  onAccept: () => void;
  onDiscard: () => void;
}) {
  return (
    <>
      {suggestion !== null && (
        <div className="suggestion" role="status" data-testid="ai-suggestion">
          <p className="suggestion-label">
            <SparkIcon width={16} height={16} /> Suggestion
          </p>
          <p className="suggestion-text" data-testid="ai-suggestion-text">
            {suggestion}
          </p>
          <div className="button-row">
            <Button className="btn-sm" onClick={onAccept} data-testid="ai-accept">
              Accept
            </Button>
            <Button variant="ghost" className="btn-sm" onClick={onDiscard} data-testid="ai-discard">
              Discard
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid="ai-error">
          {isPlanLimit(error) ? <PlanLimitNotice message={error.message} /> : SUGGESTION_ERROR}
        </p>
      )}
    </>
  );
}
