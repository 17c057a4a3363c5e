import { useEffect, useReducer, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Spin, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Versioned } from '../../api/versions';
import { ConfirmModal } from '../../components/confirm-modal';
import { ConflictNotice } from '../../components/conflict/conflict-notice';
import { useConflict } from '../../components/conflict/use-conflict';
import {
  ColleagueChangeBanner,
  useColleagueChange,
} from '../../components/conflict/colleague-change';
import { UnsavedSign } from '../../components/unsaved-changes';
import { PageStatusBadge, useDraftSave } from './draft-save';
import { useUpdateStaticContentMutation } from './content-api';
import {
  FAQ_PLACEHOLDER_CONTENT,
  useEditorPage,
  useEditorToasts,
  type EditorTab,
} from './editor-pages';
import { faqEditorReducer, hasUnsavedFaqChanges, initialFaqEditorState } from './faq-editor';

/**
 * The FAQs tab: a question/answer form, the card list with edit and delete (after a
 * confirmation), and submit, beside which unsaved changes are signalled.
 */
export function FaqTab({
  tab,
  onDirtyChange,
}: {
  tab: EditorTab;
  /** Told whether the list or the form holds changes not saved yet (false again on unmount). */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { page, loadedAt, loading, readOnly, loadError, retry } = useEditorPage(tab);
  const [save, saving] = useUpdateStaticContentMutation();
  const toasts = useEditorToasts();
  const [state, dispatch] = useReducer(faqEditorReducer, initialFaqEditorState);
  const locked = readOnly || saving.isLoading;
  const [deleting, setDeleting] = useState<number | null>(null);
  const dirty = hasUnsavedFaqChanges(state);
  // The version the list was read at: what a save sends, whatever was read since.
  const [formVersion, setFormVersion] = useState<number | null>(null);
  // A colleague's change told by the live stream while the admin's list is not saved.
  const colleague = useColleagueChange('content', page?._id, dirty ? formVersion : null);
  // Reload after a conflict: the list read again replaces the admin's.
  const [reloading, setReloading] = useState(false);
  // A colleague's save since the list was read: the admin's list stays as it is.
  const conflict = useConflict();
  const draftSave = useDraftSave(page, tab.label);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const takePage = () => {
    // FAQ text is plain text, shown and edited exactly as stored.
    dispatch({ type: 'load', faqs: page?.faqs ?? [] });
    setFormVersion(page?.version ?? 0);
    setReloading(false);
  };

  useEffect(() => {
    if (!loadedAt) return;
    // A read after a colleague's change leaves an unsaved list alone (the banner says so).
    if (dirty && !reloading) return;
    takePage();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedAt]);

  const saved = (answer?: unknown) => {
    const version = (answer as { data?: { version?: number } } | undefined)?.data?.version;
    if (version !== undefined) setFormVersion(version);
    dispatch({ type: 'saved' });
    toasts.saved();
  };

  const submit = async () => {
    const version = formVersion ?? page?.version ?? 0;
    const body = {
      title: page?.title ?? tab.label,
      content: FAQ_PLACEHOLDER_CONTENT,
      status: 'draft' as const,
      faqs: state.faqs,
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
    <Spin spinning={loading}>
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
          onReload={() => {
            setReloading(true);
            retry();
          }}
          onSaved={saved}
          onFailed={toasts.failed}
        />
        <Input
          placeholder="Add Question"
          aria-label="Add Question"
          maxLength={1000}
          value={state.question}
          disabled={locked}
          onChange={(event) => dispatch({ type: 'setQuestion', value: event.target.value })}
        />
        <Input.TextArea
          placeholder="Add Answer"
          aria-label="Add Answer"
          rows={4}
          maxLength={10000}
          value={state.answer}
          disabled={locked}
          onChange={(event) => dispatch({ type: 'setAnswer', value: event.target.value })}
        />
        <div>
          <Button disabled={locked} onClick={() => dispatch({ type: 'submitEntry' })}>
            {state.editIndex === null ? 'Add FAQ' : 'Update FAQ'}
          </Button>
        </div>
        {state.faqs.length === 0 ? (
          <Empty description="No FAQs yet" />
        ) : (
          <Flex vertical gap="small" role="list" aria-label="FAQs">
            {state.faqs.map((faq, index) => (
              <Card
                key={faq._id ?? `new-${index}`}
                size="small"
                role="listitem"
                title={faq.question}
                style={state.editIndex === index ? { borderColor: '#1677ff' } : undefined}
                extra={
                  <Flex gap="small">
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={`Edit FAQ ${index + 1}`}
                      disabled={locked}
                      onClick={() => dispatch({ type: 'edit', index })}
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Delete FAQ ${index + 1}`}
                      disabled={locked}
                      onClick={() => setDeleting(index)}
                    />
                  </Flex>
                }
              >
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {faq.answer}
                </Typography.Paragraph>
              </Card>
            ))}
          </Flex>
        )}
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
      <ConfirmModal
        open={deleting !== null}
        title="Delete FAQ"
        message="Are you sure you want to delete this FAQ?"
        detail={deleting === null ? null : state.faqs[deleting]?.question}
        confirmText="Delete"
        danger
        onConfirm={() => {
          if (deleting !== null) dispatch({ type: 'remove', index: deleting });
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Spin>
  );
}
