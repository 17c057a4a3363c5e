import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Button, Flex, Spin } from 'antd';
import { ConflictNotice } from '../../components/conflict/conflict-notice';
import { useConflict } from '../../components/conflict/use-conflict';
import {
  ColleagueChangeBanner,
  useColleagueChange,
} from '../../components/conflict/colleague-change';
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
  // The version the editor's text was read at: what a save sends, whatever was read since.
  const [formVersion, setFormVersion] = useState<number | null>(null);
  // A colleague's change told by the live stream while the admin's text is not saved.
  const colleague = useColleagueChange('content', page?._id, dirty ? formVersion : null);
  // A colleague's save since this page was read: the admin's text stays in the editor.
  const conflict = useConflict();
  const draftSave = useDraftSave(page, tab.label);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const takePage = () => {
    setContent(page?.content ?? '');
    setFormVersion(page?.version ?? 0);
    setDirty(false);
  };

  useEffect(() => {
    if (!loadedAt) return;
    // A read after a colleague's change leaves unsaved text alone (the banner says so).
    if (dirty) return;
    takePage();
    // Only a completed load replaces what is in the editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedAt]);

  const saved = (answer?: unknown) => {
    const version = (answer as { data?: { version?: number } } | undefined)?.data?.version;
    if (version !== undefined) setFormVersion(version);
    setDirty(false);
    toasts.saved();
  };

  /** Reload after a conflict: theirs replaces the admin's text once read again. */
  const reloadTheirs = () => {
    setDirty(false);
    retry();
  };

  const submit = async () => {
    const version = formVersion ?? page?.version ?? 0;
    // The editor's HTML writes every space as &nbsp;; the saved page has ordinary spaces.
    const body = {
      title: page?.title ?? tab.label,
      content: withOrdinarySpaces(content),
      status: 'draft' as const,
    };
    const send = (versioned: Versioned) => save({ slug: tab.slug, body, ...versioned }).unwrap();
    conflict.clear();
    try {
      saved(await send({ version }));
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
      <ColleagueChangeBanner change={colleague} noun="this page" onReload={takePage} />
      <ConflictNotice
        state={conflict}
        onReload={reloadTheirs}
        onSaved={saved}
        onFailed={toasts.failed}
      />
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
