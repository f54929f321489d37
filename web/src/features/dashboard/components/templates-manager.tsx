import { useState, type FormEvent } from 'react';
import { fieldErrors } from '@shared/schemas/auth';
import { TEMPLATE_LIMITS, templateFields, type TemplateView } from '@shared/schemas/templates';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { QueryStates } from '@/components/query-states';
import { TextAreaField, TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api';
import { useCreateTemplate, useDeleteTemplate, useTemplates, useUpdateTemplate } from '@/lib/comment-templates';
import { errorMessage } from '@/lib/errors';

/** Adding (no `template`) or editing one: a name and the text, checked by the schema the API checks with. */
function TemplateForm({ template, onDone }: { template?: TemplateView; onDone: () => void }) {
  const [title, setTitle] = useState(template?.title ?? '');
  const [text, setText] = useState(template?.text ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const saving = create.isPending || update.isPending;
  const failed = create.error ?? update.error;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = templateFields.safeParse({ title, text });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    const options = {
      onSuccess: onDone,
      onError: (err: Error) => err instanceof ApiError && err.fields && setErrors(err.fields),
    };
    if (template) update.mutate({ id: template.id, ...parsed.data }, options);
    else create.mutate(parsed.data, options);
  };

  const otherError = failed && !(failed instanceof ApiError && failed.fields) ? errorMessage(failed, 'The template was not saved.') : null;
  return (
    <form className="form template-form" onSubmit={submit} noValidate data-testid="template-form">
      <TextField
        label="Name"
        value={title}
        onChange={setTitle}
        maxLength={TEMPLATE_LIMITS.titleMax}
        error={errors.title}
        placeholder="Low end check"
        data-testid="template-title"
      />
      <TextAreaField
        label="Text"
        rows={4}
        value={text}
        onChange={setText}
        maxLength={TEMPLATE_LIMITS.textMax}
        error={errors.text}
        placeholder="The kick and the bass fight around 60-100 Hz: try..."
        data-testid="template-text"
      />
      <AlertIf message={otherError} testId="template-error" />
      <div className="button-row">
        <Button variant="ghost" className="btn-sm" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" className="btn-sm" busy={saving} busyText="Saving..." data-testid="template-save">
          {template ? 'Save template' : 'Add template'}
        </Button>
      </div>
    </form>
  );
}

/** The Feedback Templates card's list: each template with Edit and Delete (confirmed), and Add. */
export function TemplatesManager() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TemplateView | null>(null);

  return (
    <div className="templates-manager" data-testid="templates-manager">
      <QueryStates query={templates} failed="Your templates could not be loaded." errorTestId="templates-error">
        {(list) => (
          <>
            {list.length === 0 && editing !== 'new' && (
              <p className="muted small" data-testid="templates-empty">
                No templates yet. Add the comments you write often; insert one with 'Insert template' under the comment box.
              </p>
            )}
            <ul className="template-list">
              {list.map((t) => (
                <li key={t.id} className="template-item" data-testid="template-item">
                  {editing === t.id ? (
                    <TemplateForm template={t} onDone={() => setEditing(null)} />
                  ) : (
                    <>
                      <p className="template-title">{t.title}</p>
                      <p className="template-text">{t.text}</p>
                      <div className="button-row">
                        <Button
                          variant="ghost"
                          className="btn-sm"
                          onClick={() => setEditing(t.id)}
                          aria-label={`Edit ${t.title}`}
                          data-testid="template-edit"
                        >
                          Edit
                        </Button>
                        <Button
                          variant="ghost"
                          className="btn-sm"
                          onClick={() => setDeleting(t)}
                          aria-label={`Delete ${t.title}`}
                          data-testid="template-delete"
                        >
                          Delete
                        </Button>
                      </div>
                    </>
                  )}
                </li>
              ))}
            </ul>
            {editing === 'new' ? (
              <TemplateForm onDone={() => setEditing(null)} />
            ) : list.length < TEMPLATE_LIMITS.maxCount ? (
              <Button variant="secondary" className="btn-sm" onClick={() => setEditing('new')} data-testid="template-add">
                Add template
              </Button>
            ) : (
              <p className="muted small">
                You have {TEMPLATE_LIMITS.maxCount} templates, the most you can keep: delete one to add another.
              </p>
            )}
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this template?"
        description={`'${deleting?.title ?? ''}' will be gone for good. Comments you wrote with it stay as they are.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        busyLabel="Deleting..."
        error={remove.isError ? errorMessage(remove.error, 'The template was not deleted.') : null}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onCancel={() => {
          setDeleting(null);
          remove.reset();
        }}
        testId="template-delete-dialog"
      />
    </div>
  );
}
