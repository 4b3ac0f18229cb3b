'use client';

import { IconButton } from '@/components/icons/icon-button';
import { useWorkspaceStore } from '@/lib/state/workspace/workspace-store';

export function NoticeBar() {
  const notice = useWorkspaceStore((state) => state.notice);
  const dismiss = useWorkspaceStore((state) => state.dismissNotice);
  if (notice === null) return null;
  return (
    <div className={`banner banner-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="notice">
      <span className="banner-text">{notice.message}</span>
      {notice.action === undefined ? null : (
        <button
          type="button"
          className="button"
          data-testid="notice-action"
          onClick={() => {
            notice.action?.run();
            dismiss();
          }}
        >
          {notice.action.label}
        </button>
      )}
      <IconButton icon="close" onClick={dismiss} label="Dismiss message" />
    </div>
  );
}
