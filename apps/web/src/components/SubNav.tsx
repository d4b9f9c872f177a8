import { NavLink } from 'react-router-dom';
import styled from 'styled-components';

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[1]};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radius.pill};
    color: ${({ theme }) => theme.color.text};
    text-decoration: none;
    border: 1px solid ${({ theme }) => theme.color.border};
  }
  a:hover {
    background: ${({ theme }) => theme.color.surfaceSunken};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.color.primarySubtle};
    border-color: ${({ theme }) => theme.color.primary};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
`;

export interface SubNavItem {
  to: string;
  label: string;
}

/** Links between the pages of one concern, branch or location. */
export function SubNav({ label, items }: { label: string; items: readonly SubNavItem[] }) {
  return (
    <Nav aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </Nav>
  );
}
