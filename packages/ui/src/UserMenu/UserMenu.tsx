import styled from 'styled-components';
import { Avatar } from '../Avatar/Avatar';
import { CheckIcon } from '../internal/icons/CheckIcon';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { type LanguageOption, languageLabel, orderLanguages } from '../LoginForm/languages';
import { Menu, type MenuItem } from '../Menu/Menu';
import { useUiText } from '../UiText/UiTextProvider';

export interface UserMenuUser {
  fullName: string;
  username: string;
  initials?: string;
}

export interface UserMenuProps {
  user: UserMenuUser;
  /**
   * Links the user may see, already filtered by the app with the permission rules of
   * @falcon/api-client (Administration, User management, Profile, Protocol, Exports, Mobile App).
   */
  links: readonly MenuItem[];
  onLogout: () => void;
  logoutLabel: string;
  languages?: readonly LanguageOption[];
  language?: string;
  onLanguageChange?: (code: string) => void;
}

const Who = styled.div`
  display: flex;
  flex-direction: column;
  & > strong { font-weight: ${({ theme }) => theme.typography.weight.semibold}; }
  & > span { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.typography.size.sm}; }
`;

const TriggerName = styled.span`
  max-width: 180px;
  overflow: hidden;
  text-overflow: ellipsis;
  /* Phones show the avatar only; the name stays in the button's accessible name ("User menu: name"). */
  @media (max-width: 720px) {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;

/** The avatar menu in the header: who is signed in, the allowed links, the language switch and logout. */
export function UserMenu({
  user,
  links,
  onLogout,
  logoutLabel,
  languages = [],
  language,
  onLanguageChange,
}: UserMenuProps) {
  const { t } = useUiText();
  const languageItems: MenuItem[] =
    language && onLanguageChange && languages.length >= 2
      ? orderLanguages(languages, language).map((option, index) => {
          const { name } = languageLabel(option);
          return {
            id: `lang-${option.code}`,
            label: name,
            icon: option.code === language ? <CheckIcon size={14} /> : <span style={{ width: 14 }} />,
            onSelect: () => onLanguageChange(option.code),
            separatorBefore: index === 0,
          };
        })
      : [];
  const items: MenuItem[] = [
    ...links,
    ...languageItems,
    { id: 'logout', label: logoutLabel, onSelect: onLogout, separatorBefore: true },
  ];
  return (
    <Menu
      align="end"
      trigger={
        <>
          {/* Named by its content, so the visible name is part of the accessible one. */}
          <VisuallyHidden>{t('userMenu.open')}: </VisuallyHidden>
          <Avatar name={user.fullName} initials={user.initials} size="sm" decorative />
          <TriggerName>{user.fullName}</TriggerName>
        </>
      }
      header={
        <Who>
          <strong>{user.fullName}</strong>
          <span>{user.username}</span>
        </Who>
      }
      items={items}
    />
  );
}
