import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styled from 'styled-components';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
}

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  overflow-x: auto;
`;

const Tab = styled.button`
  position: relative;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.color.textMuted};
  font: inherit;
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  white-space: nowrap;
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.color.text};
    &::after {
      content: '';
      position: absolute;
      left: 8px;
      right: 8px;
      bottom: -1px;
      height: 2px;
      border-radius: 2px;
      background: ${({ theme }) => theme.color.primary};
    }
  }
  &:hover:not(:disabled) { color: ${({ theme }) => theme.color.text}; }
  &:disabled { opacity: 0.5; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: -2px; border-radius: 4px; }
`;

const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space[4]};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;

/** Tabs with automatic activation (WAI-ARIA): arrows and Home/End move and select. */
export function Tabs({ tabs, value, onChange, label }: TabsProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = tabs.map((tab, index) => ({ tab, index })).filter(({ tab }) => !tab.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const position = enabled.findIndex(({ tab }) => tab.id === value);
    const targets: Record<string, number> = {
      ArrowRight: (position + 1) % enabled.length,
      ArrowLeft: (position - 1 + enabled.length) % enabled.length,
      Home: 0,
      End: enabled.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined || !enabled[target]) return;
    event.preventDefault();
    onChange(enabled[target].tab.id);
    refs.current[enabled[target].index]?.focus();
  };

  const current = tabs.find((tab) => tab.id === value);
  return (
    <div>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <Tab
            key={tab.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={tab.id === value}
            aria-controls={`${id}-panel-${tab.id}`}
            tabIndex={tab.id === value ? 0 : -1}
            disabled={tab.disabled}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </Tab>
        ))}
      </List>
      {current ? (
        <Panel
          role="tabpanel"
          id={`${id}-panel-${current.id}`}
          aria-labelledby={`${id}-tab-${current.id}`}
          tabIndex={0}
        >
          {current.content}
        </Panel>
      ) : null}
    </div>
  );
}
