import { useEffect, useRef } from 'react';
import { Switch } from 'antd';

export interface FeaturedSwitchProps {
  name: string;
  checked: boolean;
  saving: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A restaurant's Featured toggle. While it saves, the switch is disabled (its spinner), which
 * takes the keyboard focus away; the focus comes back when the save ends, so Space can switch it
 * again.
 */
export function FeaturedSwitch({ name, checked, saving, onChange }: FeaturedSwitchProps) {
  const control = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (!saving && hadFocus.current) control.current?.focus();
    if (!saving) hadFocus.current = false;
  }, [saving]);
  return (
    <Switch
      ref={control}
      aria-label={`Featured ${name}`}
      checked={checked}
      loading={saving}
      onChange={(next) => {
        hadFocus.current = document.activeElement === control.current;
        onChange(next);
      }}
    />
  );
}
