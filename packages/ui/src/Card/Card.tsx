import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styled from 'styled-components';

export interface CardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  title?: ReactNode;
  /** Buttons or links at the right of the title. */
  actions?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  padded?: boolean;
}

const Root = styled.section`
  display: flex;
  flex-direction: column;
  min-width: 0;
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.elevation[1]};
`;

const Head = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  & > h2, & > h3, & > h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
    overflow-wrap: anywhere;
  }
`;

const Body = styled.div<{ $padded: boolean }>`
  padding: ${({ theme, $padded }) => ($padded ? theme.space[4] : '0')};
  min-width: 0;
`;

/** A titled surface for a group of content; a region landmark when it has a title. */
export function Card({ title, actions, headingLevel = 2, padded = true, children, ...props }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Root {...props}>
      {title || actions ? (
        <Head>
          {title ? <Heading>{title}</Heading> : <span />}
          {actions ? <div>{actions}</div> : null}
        </Head>
      ) : null}
      <Body $padded={padded}>{children}</Body>
    </Root>
  );
}
