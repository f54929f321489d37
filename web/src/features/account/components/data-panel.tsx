import { useState } from 'react';
import { AlertIf } from '@/components/alert';
import { Button } from '@/components/button';
import { Panel } from '@/components/panel';
import { useBusy } from '@/hooks/use-busy';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/** 'Download my data': the account, tracks' metadata, requests, reviews, payments and templates, as one JSON file. */
export function DataPanel() {
  const [busy, run] = useBusy();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const download = () => {
    setError(undefined);
    setDone(false);
    void run(
      async () => {
        const data = await api('exportMyData');
        saveFile(`snip-data-${data.exportedAt.slice(0, 10)}.json`, JSON.stringify(data, null, 2), 'application/json');
        setDone(true);
      },
      setError,
      'Your data could not be gathered. Please try again.',
    );
  };
  return (
    <Panel title="Your data" titleId="account-data-title" testId="account-data">
      <p className="muted small">
        A JSON file of your profile, your tracks&apos; details (not the audio), the requests you made and received with their reviews and
        comments, your payments and your comment templates.
      </p>
      <AlertIf message={error} />
      <p className="muted small" role="status">
        {done && 'Your data was downloaded.'}
      </p>
      <Button variant="secondary" busy={busy} busyText="Gathering your data..." onClick={download}>
        Download my data
      </Button>
    </Panel>
  );
}
