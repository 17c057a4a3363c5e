import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Flex, Spin } from 'antd';
import { ConflictNotice } from '../../components/conflict/conflict-notice';
import { useConflict } from '../../components/conflict/use-conflict';
import { PageSpinner } from '../../components/page-spinner';
import { UnsavedSign } from '../../components/unsaved-changes';
import { PageStatusBadge, useDraftSave } from './draft-save';
import { useUpdateStaticContentMutation } from './content-api';
import { useEditorPage, useEditorToasts, type EditorTab } from './editor-pages';
import { withOrdinarySpaces } from '../../lib/rich-text-spaces';
import type { Versioned } from '../../api/versions';

const RichTextEditor = lazy(
  () => import(/* webpackChunkName: "rich-text-editor" */ './rich-text-editor'),
);

/** Privacy Policy, Terms & Conditions and About App: one rich-text page each. */
export function RichTextTab({
  tab,
  onDirtyChange,
}: {
  tab: EditorTab;
  /** Told whether the editor holds typed changes not saved yet (false again on unmount). */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { page, loadedAt, loading, readOnly, loadError, retry } = useEditorPage(tab);
  const [save, saving] = useUpdateStaticContentMutation();
  const toasts = useEditorToasts();
  const [content, setContent] = useState('');
  const [dirty, setDirty] = useState(false);
  // A colleague's save since this page was read: the admin's text stays in the editor.
  const conflict = useConflict();
  const draftSave = useDraftSave(page, tab.label);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  useEffect(() => {
    if (!loadedAt) return;
    setContent(page?.content ?? '');
    setDirty(false);
    // Only a completed load replaces what is in the editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedAt]);

  const saved = () => {
    setDirty(false);
    toasts.saved();
  };

  const submit = async () => {
    const version = page?.version ?? 0;
    // The editor's HTML writes every space as &nbsp;; the saved page has ordinary spaces.
    const body = {
      title: page?.title ?? tab.label,
      content: withOrdinarySpaces(content),
      status: 'draft' as const,
    };
    const send = (versioned: Versioned) => save({ slug: tab.slug, body, ...versioned }).unwrap();
    conflict.clear();
    try {
      await send({ version });
      saved();
    } catch (error) {
      if (!conflict.caught(error, { sent: version, mine: {}, send })) toasts.failed(error);
    }
  };

  return (
    <Flex vertical gap="middle">
      {loadError ? (
        <Alert
          type="error"
          showIcon
          title={loadError}
          action={<Button onClick={retry}>Retry</Button>}
        />
      ) : null}
      <ConflictNotice state={conflict} onReload={retry} onSaved={saved} onFailed={toasts.failed} />
      <Spin spinning={loading}>
        <Suspense fallback={<PageSpinner text="Loading editor..." />}>
          <RichTextEditor
            label={tab.label}
            value={content}
            onChange={(html, typed) => {
              setContent(html);
              if (typed) setDirty(true);
            }}
            readOnly={readOnly || saving.isLoading}
          />
        </Suspense>
      </Spin>
      <Flex align="center" gap="middle">
        <Button
          type="primary"
          loading={saving.isLoading}
          disabled={readOnly}
          onClick={() => draftSave.request(() => void submit())}
        >
          submit
        </Button>
        <PageStatusBadge page={page} />
        <UnsavedSign dirty={dirty} />
        {draftSave.modal}
      </Flex>
    </Flex>
  );
}
