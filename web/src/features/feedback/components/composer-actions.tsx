import { Button } from '@/components/button';
import { SparkIcon } from '@/components/icons-extra';
import { TemplatePicker } from './template-picker';

/** The row under the comment box: AI Suggest and 'Insert template' where offered, the shortcut, Cancel (edit) and Submit or Save. */
export function ComposerActions({
  mode,
  blank,
  saving,
  onSubmit,
  onCancel,
  suggest,
  onInsertTemplate,
}: {
  mode: 'new' | 'edit';
  /** Nothing typed: nothing to submit or rewrite. */
  blank: boolean;
  saving: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
  /** AI Suggest, when offered. */
  suggest?: { pending: boolean; onAsk: () => void };
  /** 'Insert template', when offered. */
  onInsertTemplate?: (template: string) => void;
}) {
  return (
    <div className="composer-actions">
      {suggest && (
        <Button variant="secondary" className="btn-sm" onClick={suggest.onAsk} disabled={blank || suggest.pending} data-testid="ai-suggest">
          <SparkIcon width={16} height={16} />
          {suggest.pending ? 'Thinking...' : 'AI Suggest'}
        </Button>
      )}
      {onInsertTemplate && <TemplatePicker onInsert={onInsertTemplate} />}
      <span className="muted small composer-hint">Ctrl+Enter to {mode === 'new' ? 'submit' : 'save'}</span>
      {mode === 'edit' && (
        <Button variant="ghost" className="btn-sm" onClick={onCancel} data-testid="comment-cancel">
          Cancel
        </Button>
      )}
      <Button
        className="btn-sm"
        onClick={onSubmit}
        disabled={blank}
        busy={saving}
        data-testid={mode === 'new' ? 'comment-submit' : 'comment-save'}
      >
        {mode === 'new' ? 'Submit' : 'Save'}
      </Button>
    </div>
  );
}
