import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const List = styled.ol`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, max-content));
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[6]}`};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[6]};
  font-family: ${({ theme }) => theme.typography.mono};
  font-size: ${({ theme }) => theme.typography.size.md};
`;

/** New recovery codes, shown once (the server keeps only their hashes): each signs in once without the app. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('signin');
  return (
    <div>
      <p>{t('recovery.intro')}</p>
      <List aria-label={t('recovery.title')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </List>
    </div>
  );
}
