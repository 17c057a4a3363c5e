import { useEffect, useReducer } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Spin, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useUpdateStaticContentMutation } from './content-api';
import {
  FAQ_PLACEHOLDER_CONTENT,
  useEditorPage,
  useEditorToasts,
  type EditorTab,
} from './editor-pages';
import { faqEditorReducer, initialFaqEditorState } from './faq-editor';

/** The FAQs tab: a question/answer form, the card list with edit and delete, and submit. */
export function FaqTab({ tab }: { tab: EditorTab }) {
  const { page, loadedAt, loading, readOnly, loadError, retry } = useEditorPage(tab);
  const [save, saving] = useUpdateStaticContentMutation();
  const toasts = useEditorToasts();
  const [state, dispatch] = useReducer(faqEditorReducer, initialFaqEditorState);
  const locked = readOnly || saving.isLoading;

  useEffect(() => {
    if (!loadedAt) return;
    // FAQ text is plain text, shown and edited exactly as stored.
    dispatch({ type: 'load', faqs: page?.faqs ?? [] });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedAt]);

  const submit = async () => {
    try {
      await save({
        slug: tab.slug,
        body: {
          title: page?.title ?? tab.label,
          content: FAQ_PLACEHOLDER_CONTENT,
          status: 'draft',
          faqs: state.faqs,
        },
      }).unwrap();
      toasts.saved();
    } catch (error) {
      toasts.failed(error);
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
                      onClick={() => dispatch({ type: 'remove', index })}
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
        <div>
          <Button
            type="primary"
            loading={saving.isLoading}
            disabled={readOnly}
            onClick={() => void submit()}
          >
            submit
          </Button>
        </div>
      </Flex>
    </Spin>
  );
}
