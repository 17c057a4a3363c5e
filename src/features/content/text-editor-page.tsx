import { useState } from 'react';
import { Tabs } from 'antd';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { EDITOR_TABS } from './editor-pages';
import { FaqTab } from './faq-tab';
import { RichTextTab } from './rich-text-tab';

/**
 * Content Management (the rich-text editor screen): Privacy Policy, Terms & Conditions, FAQs and
 * About App. Only the shown tab is mounted, so its content loads each time the tab changes.
 * A tab with unsaved changes asks before another tab, another screen or a reload replaces it.
 */
export default function TextEditorPage() {
  const [active, setActive] = useState<string>(EDITOR_TABS[0].key);
  const [dirty, setDirty] = useState(false);
  const { confirmLeave, modal } = useUnsavedChanges(dirty);
  return (
    <>
      <Tabs
        activeKey={active}
        onChange={(key) => confirmLeave(() => setActive(key))}
        destroyOnHidden
        items={EDITOR_TABS.map((tab) => ({
          key: tab.key,
          label: tab.label,
          children:
            tab.key === 'faq' ? (
              <FaqTab tab={tab} onDirtyChange={setDirty} />
            ) : (
              <RichTextTab tab={tab} onDirtyChange={setDirty} />
            ),
        }))}
      />
      {modal}
    </>
  );
}
