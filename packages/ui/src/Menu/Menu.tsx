import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useDismissOnOutside } from '../internal/useDismissOnOutside';
import { useTypeahead } from '../internal/useTypeahead';
import { Header, Item, Popup, Root, Separator } from './Menu.styles';

export interface MenuItem {
  id: string;
  label: string;
  /** A link item: rendered as <a href>, e.g. to a route. */
  href?: string;
  onSelect?: () => void;
  disabled?: boolean;
  icon?: ReactNode;
  /** Draws a line above this item. */
  separatorBefore?: boolean;
}

export interface MenuProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when it shows only an icon or an avatar. */
  triggerLabel?: string;
  items: readonly MenuItem[];
  /** Non-interactive content at the top of the menu, e.g. the user's name. */
  header?: ReactNode;
  align?: 'start' | 'end';
  /** Called after an item was chosen (links and actions). */
  onSelect?: (item: MenuItem) => void;
  className?: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): arrows, Home/End and type-ahead (reset after 350 ms) move
 * between items; Enter/Space chooses; Escape closes and returns focus to the button.
 */
export function Menu({
  trigger,
  triggerLabel,
  items,
  header,
  align = 'start',
  onSelect,
  className,
}: MenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const labels = useMemo(() => items.map((item) => item.label), [items]);
  const typeahead = useTypeahead(labels);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useDismissOnOutside(open, rootRef, () => setOpen(false));

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    item.onSelect?.();
    onSelect?.(item);
    close();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        setActive(active >= last ? 0 : active + 1);
        break;
      case 'ArrowUp':
        setActive(active <= 0 ? last : active - 1);
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      case 'Enter':
      case ' ':
        // Links follow on Enter by themselves; actions need the explicit call.
        if (items[active]?.href && event.key === 'Enter') {
          onSelect?.(items[active]);
          setOpen(false);
          return;
        }
        if (items[active]) choose(items[active]);
        break;
      default: {
        const match = typeahead(event.key, active);
        if (match === null) return;
        setActive(match);
      }
    }
    event.preventDefault();
  };

  return (
    <Root ref={rootRef} className={className}>
      <Item
        as="button"
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={triggerLabel}
        style={{ width: 'auto' }}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            openAt(0);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            openAt(items.length - 1);
          }
        }}
      >
        {trigger}
      </Item>
      {open ? (
        <Popup $align={align}>
          {header ? <Header>{header}</Header> : null}
          {header ? <Separator /> : null}
          <div
            role="menu"
            id={`${id}-menu`}
            aria-labelledby={`${id}-button`}
            onKeyDown={onMenuKeyDown}
            tabIndex={-1}
          >
            {items.map((item, index) => (
              <div key={item.id} role="none">
                {item.separatorBefore ? <Separator role="separator" /> : null}
                <Item
                  as={item.href ? 'a' : 'button'}
                  ref={(element: HTMLElement | null) => {
                    itemRefs.current[index] = element;
                  }}
                  role="menuitem"
                  href={item.href}
                  type={item.href ? undefined : 'button'}
                  tabIndex={-1}
                  aria-disabled={item.disabled || undefined}
                  onClick={(event: MouseEvent) => {
                    if (item.href) {
                      onSelect?.(item);
                      setOpen(false);
                      if (item.disabled) event.preventDefault();
                      return;
                    }
                    choose(item);
                  }}
                  onMouseMove={() => (index !== active ? setActive(index) : undefined)}
                >
                  {item.icon}
                  {item.label}
                </Item>
              </div>
            ))}
          </div>
        </Popup>
      ) : null}
    </Root>
  );
}
