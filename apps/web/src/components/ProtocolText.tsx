import type { ProtocolEntry, ReviewState, ReviewType } from '@falcon/api-client/lite';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useLabels } from '../lib/labels';

type Words = NonNullable<ProtocolEntry['words']>;

type Values = Words['values'];

const text = (values: Values, key: string): string => {
  const value = values[key];
  return value === undefined ? '' : String(value);
};

/** The area a refused call belongs to (the contract's resource), spelled out so every key is static. */
const areaLabel = (t: TFunction<'common'>, area: string): string => {
  switch (area) {
    case 'auth':
      return t('protocol.areas.auth');
    case 'concerns':
      return t('protocol.areas.concerns');
    case 'concern':
      return t('protocol.areas.concern');
    case 'employee':
      return t('protocol.areas.employee');
    case 'cbl':
      return t('protocol.areas.cbl');
    case 'content':
      return t('protocol.areas.content');
    case 'branch':
      return t('protocol.areas.branch');
    case 'location':
      return t('protocol.areas.location');
    case 'container':
      return t('protocol.areas.container');
    case 'article':
      return t('protocol.areas.article');
    case 'document':
      return t('protocol.areas.document');
    case 'barcodeLists':
      return t('protocol.areas.barcodeLists');
    case 'inventoryLists':
      return t('protocol.areas.inventoryLists');
    case 'protocol':
      return t('protocol.areas.protocol');
    case 'exports':
      return t('protocol.areas.exports');
    case 'reviews':
      return t('protocol.areas.reviews');
    case 'users':
      return t('protocol.areas.users');
    case 'roles':
      return t('protocol.areas.roles');
    case 'profile':
      return t('protocol.areas.profile');
    case 'admin':
      return t('protocol.areas.admin');
    default:
      return t('protocol.areas.other');
  }
};

/** Why a single sign-on was refused (protocolEntry.ssoFailed), spelled out so every key is static. */
const ssoFailureLabel = (t: TFunction<'common'>, reason: string): string => {
  switch (reason) {
    case 'state':
      return t('protocol.ssoFailureReasons.state');
    case 'browser':
      return t('protocol.ssoFailureReasons.browser');
    case 'expired':
      return t('protocol.ssoFailureReasons.expired');
    case 'provider':
      return t('protocol.ssoFailureReasons.provider');
    case 'removed':
      return t('protocol.ssoFailureReasons.removed');
    case 'checks':
      return t('protocol.ssoFailureReasons.checks');
    case 'unmapped':
      return t('protocol.ssoFailureReasons.unmapped');
    case 'foreign':
      return t('protocol.ssoFailureReasons.foreign');
    case 'inactive':
      return t('protocol.ssoFailureReasons.inactive');
    case 'parallel':
      return t('protocol.ssoFailureReasons.parallel');
    default:
      return reason;
  }
};

/** The i18n key of an entry's words and whether it names a container (request entries have variants). */
const sentenceKey = (
  words: Words,
):
  | 'signInFailed'
  | 'signInFailedBackoff'
  | 'signedIn'
  | 'signedOut'
  | 'impersonated'
  | 'passwordChanged'
  | 'profileUpdated'
  | 'permissionDenied'
  | 'permissionDeniedOld'
  | 'userCreated'
  | 'userUpdated'
  | 'userDeleted'
  | 'roleCreated'
  | 'roleUpdated'
  | 'roleDeleted'
  | 'roleSecondFactorRequired'
  | 'roleSecondFactorOptional'
  | 'rackOrderChanged'
  | 'imageUploaded'
  | 'imageDeleted'
  | 'branchMapUploaded'
  | 'positionSaved'
  | 'positionRemoved'
  | 'positionsCleared'
  | 'barcodeListUploaded'
  | 'inventoryListUploaded'
  | 'barcodeListRemoved'
  | 'inventoryListRemoved'
  | 'exportLocation'
  | 'exportBranch'
  | 'exportConcern'
  | 'exportWorklist'
  | 'replenishmentTimesLocation'
  | 'replenishmentTimesBranch'
  | 'requested'
  | 'requestedRack'
  | 'requestedShelf'
  | 'requestedAt'
  | 'decided'
  | 'decidedAt'
  | 'withdrawn'
  | 'withdrawnAt'
  | 'photoAdded'
  | 'rackHandled'
  | 'stocktakeStarted'
  | 'stocktakeStartedRack'
  | 'stocktakeFinished'
  | 'ssoConfigured'
  | 'ssoRemoved'
  | 'ssoProvisioned'
  | 'ssoFailed'
  | 'ssoFailedState'
  | 'ssoFailedUser'
  | 'labelsPrinted'
  | 'secondFactorFailed'
  | 'recoveryCodeFailed'
  | 'secondFactorEnrolled'
  | 'secondFactorRemoved'
  | 'secondFactorReset'
  | 'recoveryCodesRenewed' => {
  const { event, values } = words;
  const inventory = values.kind === 'inventoryList';
  switch (event) {
    case 'signInFailed':
      return values.address !== undefined ? 'signInFailedBackoff' : 'signInFailed';
    case 'listUploaded':
      return inventory ? 'inventoryListUploaded' : 'barcodeListUploaded';
    case 'listRemoved':
      return inventory ? 'inventoryListRemoved' : 'barcodeListRemoved';
    case 'replenishmentTimesChanged':
      return values.branch !== undefined ? 'replenishmentTimesBranch' : 'replenishmentTimesLocation';
    case 'exportQueued':
      if (values.kind === 'worklist') return 'exportWorklist';
      return values.kind === 'concern'
        ? 'exportConcern'
        : values.kind === 'branch'
          ? 'exportBranch'
          : 'exportLocation';
    case 'reviewRequested':
      return words.container
        ? 'requested'
        : values.shelfPosition !== undefined
          ? 'requestedShelf'
          : values.rackName !== undefined
            ? 'requestedRack'
            : 'requestedAt';
    case 'reviewDecided':
      return words.container ? 'decided' : 'decidedAt';
    case 'reviewWithdrawn':
      return words.container ? 'withdrawn' : 'withdrawnAt';
    case 'reviewPhotoAdded':
      return 'photoAdded';
    case 'permissionDenied':
      return values.area ? 'permissionDenied' : 'permissionDeniedOld';
    case 'stocktakeStarted':
      return values.rackName !== undefined ? 'stocktakeStartedRack' : 'stocktakeStarted';
    case 'ssoFailed':
      return values.concern === undefined
        ? 'ssoFailedState'
        : values.username !== undefined
          ? 'ssoFailedUser'
          : 'ssoFailed';
    default:
      return event;
  }
};

/** Static keys for `Trans` (i18next's type check reads each literal). */
const sentence = (t: TFunction<'common'>, key: ReturnType<typeof sentenceKey>): string => {
  switch (key) {
    case 'signInFailed':
      return t('protocol.signInFailed');
    case 'signInFailedBackoff':
      return t('protocol.signInFailedBackoff');
    case 'signedIn':
      return t('protocol.signedIn');
    case 'signedOut':
      return t('protocol.signedOut');
    case 'impersonated':
      return t('protocol.impersonated');
    case 'passwordChanged':
      return t('protocol.passwordChanged');
    case 'profileUpdated':
      return t('protocol.profileUpdated');
    case 'permissionDenied':
      return t('protocol.permissionDenied');
    case 'permissionDeniedOld':
      return t('protocol.permissionDeniedOld');
    case 'userCreated':
      return t('protocol.userCreated');
    case 'userUpdated':
      return t('protocol.userUpdated');
    case 'userDeleted':
      return t('protocol.userDeleted');
    case 'roleCreated':
      return t('protocol.roleCreated');
    case 'roleUpdated':
      return t('protocol.roleUpdated');
    case 'roleDeleted':
      return t('protocol.roleDeleted');
    case 'roleSecondFactorRequired':
      return t('protocol.roleSecondFactorRequired');
    case 'roleSecondFactorOptional':
      return t('protocol.roleSecondFactorOptional');
    case 'rackOrderChanged':
      return t('protocol.rackOrderChanged');
    case 'imageUploaded':
      return t('protocol.imageUploaded');
    case 'imageDeleted':
      return t('protocol.imageDeleted');
    case 'branchMapUploaded':
      return t('protocol.branchMapUploaded');
    case 'positionSaved':
      return t('protocol.positionSaved');
    case 'positionRemoved':
      return t('protocol.positionRemoved');
    case 'positionsCleared':
      return t('protocol.positionsCleared');
    case 'barcodeListUploaded':
      return t('protocol.barcodeListUploaded');
    case 'inventoryListUploaded':
      return t('protocol.inventoryListUploaded');
    case 'barcodeListRemoved':
      return t('protocol.barcodeListRemoved');
    case 'inventoryListRemoved':
      return t('protocol.inventoryListRemoved');
    case 'exportLocation':
      return t('protocol.exportLocation');
    case 'exportBranch':
      return t('protocol.exportBranch');
    case 'exportConcern':
      return t('protocol.exportConcern');
    case 'exportWorklist':
      return t('protocol.exportWorklist');
    case 'replenishmentTimesLocation':
      return t('protocol.replenishmentTimesLocation');
    case 'replenishmentTimesBranch':
      return t('protocol.replenishmentTimesBranch');
    case 'requested':
      return t('protocol.requested');
    case 'requestedRack':
      return t('protocol.requestedRack');
    case 'requestedShelf':
      return t('protocol.requestedShelf');
    case 'requestedAt':
      return t('protocol.requestedAt');
    case 'decided':
      return t('protocol.decided');
    case 'decidedAt':
      return t('protocol.decidedAt');
    case 'withdrawn':
      return t('protocol.withdrawn');
    case 'withdrawnAt':
      return t('protocol.withdrawnAt');
    case 'photoAdded':
      return t('protocol.photoAdded');
    case 'rackHandled':
      return t('protocol.rackHandled');
    case 'stocktakeStarted':
      return t('protocol.stocktakeStarted');
    case 'stocktakeStartedRack':
      return t('protocol.stocktakeStartedRack');
    case 'stocktakeFinished':
      return t('protocol.stocktakeFinished');
    case 'labelsPrinted':
      return t('protocol.labelsPrinted');
    case 'ssoConfigured':
      return t('protocol.ssoConfigured');
    case 'ssoRemoved':
      return t('protocol.ssoRemoved');
    case 'ssoProvisioned':
      return t('protocol.ssoProvisioned');
    case 'ssoFailed':
      return t('protocol.ssoFailed');
    case 'ssoFailedState':
      return t('protocol.ssoFailedState');
    case 'ssoFailedUser':
      return t('protocol.ssoFailedUser');
    case 'secondFactorFailed':
      return t('protocol.secondFactorFailed');
    case 'recoveryCodeFailed':
      return t('protocol.recoveryCodeFailed');
    case 'secondFactorEnrolled':
      return t('protocol.secondFactorEnrolled');
    case 'secondFactorRemoved':
      return t('protocol.secondFactorRemoved');
    case 'secondFactorReset':
      return t('protocol.secondFactorReset');
    case 'recoveryCodesRenewed':
      return t('protocol.recoveryCodesRenewed');
  }
};

const NO_BREAK = { whiteSpace: 'nowrap' } as const;

/** Fills `{name}` and turns `<location>…</location>` and friends into links; unknown tags stay text. */
const fill = (template: string, values: Record<string, string>, links: Record<string, string | null>) => {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  const plain = (s: string) => s.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  let last = 0;
  for (const match of template.matchAll(pattern)) {
    const [whole, tag = '', inner = ''] = match;
    parts.push(plain(template.slice(last, match.index)));
    const to = links[tag];
    const value = plain(inner);
    // A code (a location's, a container's) never breaks at its hyphens; a name wraps between its words.
    const style = /\s/.test(value) ? undefined : NO_BREAK;
    parts.push(
      to ? (
        <Link key={parts.length} to={to} style={style}>
          {value}
        </Link>
      ) : (
        <span key={parts.length} style={style}>
          {value}
        </span>
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(plain(template.slice(last)));
  return parts;
};

interface Sentence {
  template: string;
  values: Record<string, string>;
  links: Record<string, string | null>;
}

/** The sentence of an entry, or null for an old entry that only its stored summary tells. */
const sentenceOf = (
  entry: ProtocolEntry,
  t: TFunction<'common'>,
  labels: ReturnType<typeof useLabels>,
): Sentence | null => {
  const words = entry.words ?? legacyWords(entry);
  if (!words) return null;
  const { values } = words;
  const container = words.container;
  const location = text(values, 'location') || entry.locationCode || '';
  const code = text(values, 'code');
  const containerName = container?.code
    ? container.code
    : container?.articleName || container?.articleCode
      ? t('protocol.containerOf', { article: container.articleName || container.articleCode })
      : t('protocol.someContainer');
  return {
    template: sentence(t, sentenceKey(words)),
    values: {
      ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
      reviewType: values.reviewType ? labels.reviewType(values.reviewType as ReviewType) : '',
      state: values.state ? labels.reviewState(values.state as ReviewState) : '',
      location,
      container: containerName,
      area: areaLabel(t, text(values, 'area')),
      reason:
        words.event === 'ssoFailed' ? ssoFailureLabel(t, text(values, 'reason')) : text(values, 'reason'),
    },
    links: {
      location:
        words.event === 'exportQueued'
          ? values.kind === 'location'
            ? paths.location.to(code)
            : null
          : location
            ? paths.location.to(location)
            : null,
      branch: values.branch
        ? paths.branch.to(text(values, 'branch'))
        : values.kind === 'branch'
          ? paths.branch.to(code)
          : null,
      concern: values.concern
        ? paths.concern.to(text(values, 'concern'))
        : values.kind === 'concern'
          ? paths.concern.to(code)
          : null,
      container: container?.id && location ? paths.location.to(location, container.id) : null,
      link:
        entry.objectId && entry.objectType === 'user'
          ? paths.user.to(entry.objectId)
          : entry.objectId && entry.objectType === 'role'
            ? paths.role.to(entry.objectId)
            : null,
    },
  };
};

/**
 * Protocol entries in the reader's language: the event and its parameters as a sentence, names as links
 * (location, branch, concern, container, user, role); `plain` is the same sentence as text (a dialog
 * title, a button's name). Entries written before events existed read as their stored summary, except
 * sign-ins, sign-outs and refused calls, which their kind and stored values tell.
 */
export function useProtocolText() {
  const { t } = useTranslation('common');
  const labels = useLabels();
  return {
    plain: (entry: ProtocolEntry): string => {
      const s = sentenceOf(entry, t, labels);
      return s ? fill(s.template, s.values, {}).join('') : entry.summary;
    },
    rich: (entry: ProtocolEntry): ReactNode => {
      const s = sentenceOf(entry, t, labels);
      return s ? <span>{fill(s.template, s.values, s.links)}</span> : entry.summary;
    },
  };
}

/** Words for entries written before events existed, where the kind and the stored values tell them. */
const legacyWords = (entry: ProtocolEntry): Words | null => {
  const username = entry.username ?? '';
  if (entry.type === 'signin') return { event: 'signedIn', values: { username } };
  if (entry.type === 'signout') return { event: 'signedOut', values: { username } };
  if (entry.type === 'permission_denied') {
    const missing = entry.after?.missing;
    return {
      event: 'permissionDenied',
      values: { username, area: '', permissions: Array.isArray(missing) ? missing.join(', ') : '' },
    };
  }
  return null;
};
