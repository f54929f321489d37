import { useState, type FormEvent } from 'react';
import { fieldErrors } from '@shared/field-errors';
import { templateFields, type TemplateView } from '@shared/schemas/templates';
import { TEMPLATE_LIMITS } from '@shared/templates';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { TextAreaField, TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api';
import { useCreateTemplate, useUpdateTemplate } from '@/lib/comment-templates';
import { errorMessage } from '@/lib/errors';
import '@/styles/forms.css';

/** Adding (no `template`) or editing one: a name and the text, checked by the schema the API checks with. */
export function TemplateForm({ template, onDone }: { template?: TemplateView; onDone: () => void }) {
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
