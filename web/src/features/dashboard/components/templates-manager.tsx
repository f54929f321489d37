import { useState, type ComponentProps } from 'react';
import type { TemplateView } from '@shared/schemas/templates';
import { TEMPLATE_LIMITS } from '@shared/templates';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/dialog';
import { OnDemandStatus } from '@/components/on-demand-status';
import { QueryStates } from '@/components/query-states';
import { useDeleteTemplate, useTemplates } from '@/lib/comment-templates';
import { errorMessage } from '@/lib/errors';
import { onDemand, preload, useOnDemand } from '@/lib/on-demand';
import type { TemplateForm } from './template-form';

// The form (with the schema it checks with, and zod) loads at the first sign of adding or editing one.
const templateForm = onDemand(() => import('./template-form').then((m) => m.TemplateForm));
const warmForm = { onPointerEnter: () => preload(templateForm), onFocus: () => preload(templateForm) };

function TemplateFormOnDemand(props: ComponentProps<typeof TemplateForm>) {
  const form = useOnDemand(templateForm, true);
  return form.value ? <form.value {...props} /> : <OnDemandStatus {...form} />;
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
                    <TemplateFormOnDemand template={t} onDone={() => setEditing(null)} />
                  ) : (
                    <>
                      <p className="template-title">{t.title}</p>
                      <p className="template-text">{t.text}</p>
                      <div className="button-row">
                        <Button
                          variant="ghost"
                          className="btn-sm"
                          onClick={() => setEditing(t.id)}
                          {...warmForm}
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
              <TemplateFormOnDemand onDone={() => setEditing(null)} />
            ) : list.length < TEMPLATE_LIMITS.maxCount ? (
              <Button variant="secondary" className="btn-sm" onClick={() => setEditing('new')} {...warmForm} data-testid="template-add">
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
