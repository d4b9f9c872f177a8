import { Avatar, Card } from '@falcon/ui';
import styled from 'styled-components';

const Body = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  align-items: flex-start;
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto 1fr;
    gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  }
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export interface ContactCardProps {
  /** What the person is for this place, e.g. "In-house staff". */
  role: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  labels: { email: string; phone: string };
}

/** A contact person with mail and phone links. */
export function ContactCard({ role, name, email, phone, labels }: ContactCardProps) {
  return (
    <Card title={role} headingLevel={2}>
      <Body>
        <Avatar name={name} decorative />
        <div>
          <p style={{ margin: '0 0 8px', fontWeight: 600 }}>{name}</p>
          <dl>
            {email ? (
              <>
                <dt>{labels.email}</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </>
            ) : null}
            {phone ? (
              <>
                <dt>{labels.phone}</dt>
                <dd>
                  <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      </Body>
    </Card>
  );
}
