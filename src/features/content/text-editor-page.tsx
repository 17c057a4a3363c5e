import { useState } from 'react';
import { Tabs } from 'antd';
import { EDITOR_TABS } from './editor-pages';
import { FaqTab } from './faq-tab';
import { RichTextTab } from './rich-text-tab';

/**
 * Content Management (the rich-text editor screen): Privacy Policy, Terms & Conditions, FAQs and
 * About App. Only the shown tab is mounted, so its content loads each time the tab changes.
 */
export default function TextEditorPage() {
  const [active, setActive] = useState<string>(EDITOR_TABS[0].key);
  return (
    <Tabs
      activeKey={active}
      onChange={setActive}
      destroyOnHidden
      items={EDITOR_TABS.map((tab) => ({
        key: tab.key,
        label: tab.label,
        children: tab.key === 'faq' ? <FaqTab tab={tab} /> : <RichTextTab tab={tab} />,
      }))}
    />
  );
}
