import styled from 'styled-components';
import { formatDate } from '../DateText/DateText';
import { VisuallyHidden } from '../internal/VisuallyHidden';
import { useUiText } from '../UiText/UiTextProvider';

export interface FooterLink {
  label: string;
  href: string;
}

export interface FooterProps {
  /** From the server's footer content; the app translates the label keys. Opened in a new tab. */
  links?: readonly FooterLink[];
  /** The copyright line, e.g. "© 2025". */
  copyright: string;
  /** When this build was made (spec: 2025-08-31). */
  buildTimestamp?: Date | string;
}

const Bar = styled.footer`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[4]} ${theme.space[5]}`};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  & ul { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space[4]}; margin: 0; padding: 0; list-style: none; }
  & a { color: ${({ theme }) => theme.color.textMuted}; }
  & a:hover { color: ${({ theme }) => theme.color.text}; }
  & a:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;

export function Footer({ links = [], copyright, buildTimestamp }: FooterProps) {
  const { t, intl } = useUiText();
  const built = typeof buildTimestamp === 'string' ? new Date(buildTimestamp) : buildTimestamp;
  return (
    <Bar>
      {links.length > 0 ? (
        <nav aria-label={t('footer.nav')}>
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <VisuallyHidden> ({t('footer.newTab')})</VisuallyHidden>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <span />
      )}
      <span>
        {copyright}
        {built && !Number.isNaN(built.getTime()) ? (
          <>
            {' · '}
            <time dateTime={built.toISOString()}>{t('footer.build', { date: formatDate(built, intl) })}</time>
          </>
        ) : null}
      </span>
    </Bar>
  );
}
