import { z } from 'zod';
import { Code, CodeParams, IsoDateTime, Language, ListRequest, NamedCode, pageOf } from './common';
import { defineEndpoint } from './define';
import { fieldOf } from './fields';

export const EmployeeKind = z.enum(['inhousestaff', 'fieldservice']);
export const Employee = z.object({
  key: z.string(),
  kind: EmployeeKind,
  firstname: z.string(),
  lastname: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Username of the back-office user who acts as this employee (reviews requests), if any. */
  username: z.string().nullable(),
});
export type Employee = z.infer<typeof Employee>;

const employeeKeys = {
  inHouseStaffEmployeeKey: z.string().nullable(),
  fieldServiceEmployeeKey: z.string().nullable(),
};

export const LocationSummary = z.object({
  code: z.string(),
  name: z.string(),
  containerCount: z.number().int(),
  alarmingCount: z.number().int(),
});
export const BranchSummary = z.object({
  code: z.string(),
  name: z.string(),
  locationCount: z.number().int(),
});
export const ConcernSummary = z.object({ code: z.string(), name: z.string() });
export type ConcernSummary = z.infer<typeof ConcernSummary>;

export const Concern = z.object({
  code: z.string(),
  name: z.string(),
  ...employeeKeys,
  branches: z.array(BranchSummary),
});
export type Concern = z.infer<typeof Concern>;

export const Branch = z.object({
  code: z.string(),
  name: z.string(),
  parentConcern: NamedCode,
  ...employeeKeys,
  hasMap: z.boolean(),
  locations: z.array(LocationSummary),
});
export type Branch = z.infer<typeof Branch>;

/** When and by whom a rack was last serviced ("handle rack"); null before the first time. */
export const RackHandled = z.object({ at: IsoDateTime, by: z.string() });
export type RackHandled = z.infer<typeof RackHandled>;

/** What a rack says about its own actions: when it was last handled, and whether a scan of it waits for review. */
export const rackActionState = {
  lastHandled: RackHandled.nullable(),
  scanPending: z.boolean(),
};

export const RackSummary = z.object({
  code: fieldOf('rackCode', z.string()),
  name: z.string(),
  position: z.number().int(),
  shelfCount: z.number().int().min(0),
  ...rackActionState,
});

export const Location = z.object({
  code: z.string(),
  name: z.string(),
  parentBranch: z.object({ code: z.string(), name: z.string(), parentConcern: NamedCode, ...employeeKeys }),
  /** Falls back to the branch's keys when the location has none of its own. */
  ...employeeKeys,
  address: z.string().nullable(),
  racks: z.array(RackSummary),
  /** Highest shelf count over the location's racks. */
  maxShelves: z.number().int().min(0),
  containerCount: z.number().int(),
  alarmingCount: z.number().int(),
});
export type Location = z.infer<typeof Location>;

export const LocationAdmin = z.object({
  userId: z.string(),
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const AppointmentType = z.enum(['delivery', 'inventory', 'visit', 'maintenance']);
export const Appointment = z.object({
  id: z.string(),
  title: z.string(),
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  appointmentType: AppointmentType,
});
export type Appointment = z.infer<typeof Appointment>;

/** Position of a location marker on its branch map, as fractions (0..1) of the image. */
export const LocationPosition = z.strictObject({
  branchCode: Code,
  locationCode: Code,
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type LocationPosition = z.infer<typeof LocationPosition>;

export const CblTree = z.array(
  z.object({
    code: z.string(),
    name: z.string(),
    branches: z.array(z.object({ code: z.string(), name: z.string(), locations: z.array(NamedCode) })),
  }),
);
export type CblTree = z.infer<typeof CblTree>;

export const SuggestRequest = z.strictObject({ query: z.string().trim().max(200) });
export const Suggest = z.object({
  concerns: z.array(NamedCode),
  branches: z.array(NamedCode),
  locations: z.array(NamedCode),
});
export type Suggest = z.infer<typeof Suggest>;

export const FooterContent = z.object({ footerLinks: z.record(z.string(), z.string()) });

export const concerns = {
  list: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/concerns',
    summary: "The concerns in the user's scope, for the selector bar",
    response: z.array(ConcernSummary),
  }),
  inHouseStaff: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/concerns/employees/inhousestaff',
    summary: 'In-house staff employees',
    response: z.array(Employee),
  }),
  fieldService: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/concerns/employees/fieldservice',
    summary: 'Field service employees',
    response: z.array(Employee),
  }),
};

export const concern = {
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/concern/:code',
    summary: 'One concern with its branches',
    params: CodeParams,
    tenant: { kind: 'concern', param: 'code' },
    response: Concern,
  }),
};

export const employee = {
  get: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/employee/:key',
    summary: 'One employee (contact person)',
    params: z.strictObject({ key: Code }),
    tenant: { kind: 'employee', param: 'key' },
    response: Employee,
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/employees',
    summary: 'Employees, paged; filterMap: kind, name',
    body: ListRequest,
    response: pageOf(Employee),
  }),
};

export const cbl = {
  tree: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/cbl',
    summary: "Concern > branch > location tree of the user's scope",
    response: CblTree,
  }),
  suggest: defineEndpoint({
    method: 'POST',
    path: '/rest/v2/suggestcbl',
    summary: 'Quick search over concerns, branches and locations',
    body: SuggestRequest,
    response: Suggest,
  }),
  suggestGet: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/suggestcbl',
    summary: 'Quick search, GET variant',
    query: SuggestRequest,
    response: Suggest,
  }),
};

export const content = {
  supportedLanguages: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/supportedLanguages',
    summary: 'Interface languages (fallback de,en,cz,pl,hu,ro)',
    auth: 'public',
    response: z.array(Language),
  }),
  footer: defineEndpoint({
    method: 'GET',
    path: '/rest/v2/content/footer',
    summary: 'Footer links: label key -> URL',
    auth: 'public',
    response: FooterContent,
  }),
  version: defineEndpoint({
    method: 'GET',
    path: '/version.txt',
    root: true,
    summary: 'The served build version, checked every 10 minutes',
    auth: 'public',
    response: z.string(),
    responseKind: 'text',
  }),
};
