// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TemplateView } from '../../../shared/schemas/templates';
import { TemplatesManager } from '../../../web/src/features/dashboard/components/templates-manager';
import { CommentComposer } from '../../../web/src/features/feedback/components/comment-composer';
import { answerRoutes, apiMock } from './amplify-mock';
import { renderUi } from './render';

vi.mock('../../../web/src/lib/api', () => import('./amplify-mock'));

const template = (id: string, title: string, text: string): TemplateView => ({ id, title, text, updatedAt: '2025-03-01T00:00:00.000Z' });
const calls = (name: string) => apiMock.mock.calls.filter((c) => c[0] === name).map((c) => c[1]);

describe('Feedback Templates', () => {
  it('adds, edits and deletes (once confirmed) the pro’s templates, checking them as the API does', async () => {
    let list = [template('t1', 'Low end', 'Kick and bass fight.')];
    answerRoutes({
      listTemplates: () => ({ templates: list }),
      createTemplate: (input) => {
        const made = template('t2', String(input.title), String(input.text));
        list = [...list, made];
        return made;
      },
      updateTemplate: (input) => template(String(input.id), String(input.title), String(input.text)),
      deleteTemplate: () => ({ ok: true }),
    });
    renderUi(<TemplatesManager />, { url: null });
    expect((await screen.findAllByTestId('template-item')).map((i) => i.textContent)).toEqual([expect.stringContaining('Low end')]);

    fireEvent.click(screen.getByTestId('template-add'));
    // The form's code loads when first wanted.
    fireEvent.click(await screen.findByTestId('template-save'));
    // Nothing is sent while the shared schema refuses it.
    expect(await screen.findByText('Give the template a name')).toBeTruthy();
    expect(calls('createTemplate')).toEqual([]);
    fireEvent.change(screen.getByTestId('template-title'), { target: { value: 'Vocals' } });
    fireEvent.change(screen.getByTestId('template-text'), { target: { value: 'Ride the vocal.' } });
    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(screen.getAllByTestId('template-item')).toHaveLength(2));
    expect(calls('createTemplate')).toEqual([{ title: 'Vocals', text: 'Ride the vocal.' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Edit Low end' }));
    fireEvent.change(screen.getByTestId('template-text'), { target: { value: 'Sidechain the bass.' } });
    fireEvent.click(screen.getByTestId('template-save'));
    expect(await screen.findByText('Sidechain the bass.')).toBeTruthy();
    expect(calls('updateTemplate')).toEqual([{ id: 't1', title: 'Low end', text: 'Sidechain the bass.' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Vocals' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this template?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('deleteTemplate')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Vocals' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('template-item')).toHaveLength(1));
    expect(calls('deleteTemplate')).toEqual([{ id: 't2' }]);
  });

  it('says how to start when there are none', async () => {
    answerRoutes({ listTemplates: () => ({ templates: [] }) });
    renderUi(<TemplatesManager />, { url: null });
    expect((await screen.findByTestId('templates-empty')).textContent).toContain('Insert template');
  });
});

describe('Insert template under the comment box', () => {
  const composer = (allowTemplates: boolean) => (
    <CommentComposer mode="new" duration={60} placeholder="Write" allowTemplates={allowTemplates} onSubmit={async () => {}} />
  );

  it('is offered only where templates are allowed, and reads them when first opened', async () => {
    answerRoutes({ listTemplates: () => ({ templates: [] }) });
    renderUi(composer(false), { url: null });
    expect(screen.queryByTestId('template-insert')).toBeNull();
    expect(calls('listTemplates')).toEqual([]);
  });

  it('fills the box from the keyboard: the list takes the focus, arrows move, Enter inserts, Esc closes', async () => {
    answerRoutes({
      listTemplates: () => ({
        templates: [template('t1', 'Low end', 'Kick and bass fight.'), template('t2', 'Vocals', 'Ride the vocal.')],
      }),
    });
    renderUi(composer(true), { url: null });
    const toggle = screen.getByTestId('template-insert');
    expect(calls('listTemplates')).toEqual([]);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const options = await screen.findAllByTestId('template-option');
    await waitFor(() => expect(document.activeElement).toBe(options[0]));
    fireEvent.keyDown(options[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(options[1]);
    fireEvent.keyDown(options[1], { key: 'Escape' });
    expect(screen.queryByTestId('template-menu')).toBeNull();
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    // A native button: Enter activates it as a click does.
    fireEvent.click((await screen.findAllByTestId('template-option'))[1]);
    const box = screen.getByTestId('comment-input') as HTMLTextAreaElement;
    expect(box.value).toBe('Ride the vocal.');
    expect(document.activeElement).toBe(box);
    expect(screen.queryByTestId('template-menu')).toBeNull();

    // What is typed stays: a template follows it as a new paragraph.
    fireEvent.click(toggle);
    fireEvent.click((await screen.findAllByTestId('template-option'))[0]);
    expect(box.value).toBe('Ride the vocal.\n\nKick and bass fight.');
  });
});
