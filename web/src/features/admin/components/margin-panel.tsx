import { useId, useState, type FormEvent } from 'react';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/errors';
import { useAdminSettings, useUpdateMargin } from '@/features/admin/api/admin';
import { MARGIN_INVALID, marginFraction, marginPercent } from '@/features/admin/utils/format';
import { AdminEditor } from './admin-editor';
import { AdminStates } from './admin-list';
import '@/features/admin/admin.css';
import '@/styles/forms.css';

/** The platform's profit margin per feedback: shown as a percentage, edited as one, stored as a fraction. */
export function MarginPanel() {
  const headingId = useId();
  const inputId = useId();
  const settings = useAdminSettings();
  const update = useUpdateMargin();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const edit = (margin: number) => {
    setProblem(null);
    setDraft((margin * 100).toFixed(1));
  };
  const cancel = () => {
    setProblem(null);
    setDraft(null);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (draft === null || update.isPending) return;
    const margin = marginFraction(draft);
    if (margin === null) {
      setProblem(MARGIN_INVALID);
      return;
    }
    setProblem(null);
    update.mutate(
      { margin, expectedUpdatedAt: settings.data?.updatedAt ?? null },
      {
        onSuccess: () => setDraft(null),
        onError: (err) => setProblem(errorMessage(err, 'Could not save the margin. Please try again.')),
      },
    );
  };

  const body = (
    <AdminStates
      query={settings}
      testIds={{ loading: 'loading', error: 'settings-error' }}
      failed="Failed to load configuration. Please try again."
    >
      {({ margin, updatedAt }) => (
        <>
          {draft === null ? (
            <div className="admin-margin-display">
              <p className="admin-margin-value" data-testid="margin-value">
                {marginPercent(margin)}
              </p>
              <Button variant="secondary" className="btn-sm" onClick={() => edit(margin)} aria-describedby={headingId}>
                Edit
              </Button>
            </div>
          ) : (
            <AdminEditor onSubmit={save} onCancel={cancel} saving={update.isPending} testId="margin-editor">
              <div className={`field admin-margin-field${problem ? ' has-error' : ''}`}>
                <label className="field-label" htmlFor={inputId}>
                  Margin (%)
                </label>
                <input
                  id={inputId}
                  className="field-input"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step={0.1}
                  value={draft}
                  aria-invalid={problem ? true : undefined}
                  onChange={(e) => {
                    setDraft(e.target.value);
                    setProblem(null);
                  }}
                  autoFocus
                  data-testid="margin-input"
                />
              </div>
            </AdminEditor>
          )}
          <AlertIf message={problem} testId="margin-error" />
          <p className="muted small" data-testid="margin-updated">
            Last Updated: {updatedAt ? formatDate(updatedAt) : 'Never'}
          </p>
        </>
      )}
    </AdminStates>
  );

  return (
    <Panel title="Profit margin per feedback" titleId={headingId} className="admin-settings" testId="margin-panel">
      <p className="panel-text">The share of each paid feedback the platform keeps; the pro earns the rest.</p>
      {body}
    </Panel>
  );
}
