import { useState } from 'react';

interface BackupCodesPanelProps {
  codes: string[];
  onDone: () => void;
}

/**
 * The ten backup codes, shown once (docs/product.md#two-step-sign-in): copy, download as a .txt,
 * and an explicit "I saved them" before the panel goes away.
 */
export function BackupCodesPanel({ codes, onDone }: BackupCodesPanelProps) {
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState(false);
  const text = `Cedar Shop backup codes\nEach code works once, when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'cedar-shop-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="mt-4 rounded-xl border border-line bg-subtle p-4" data-testid="backup-codes">
      <h3 className="font-semibold text-strong">Save your backup codes</h3>
      <p className="mt-1 text-sm text-muted">
        If you lose your phone, each of these codes lets you sign in once. Keep them somewhere safe: they are shown only
        now.
      </p>
      <ol className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-surface p-4 font-mono text-sm sm:grid-cols-2 sm:text-base">
        {codes.map((code) => (
          <li key={code} className="tabular-nums">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" onClick={copy} className="btn-secondary">
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={download} className="btn-secondary">
          Download (.txt)
        </button>
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className="size-4 accent-accent-solid"
        />
        I saved my backup codes
      </label>
      <button type="button" onClick={onDone} disabled={!saved} className="btn-primary mt-3">
        Done
      </button>
    </div>
  );
}
