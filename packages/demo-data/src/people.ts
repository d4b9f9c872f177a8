import type { Faker } from '@faker-js/faker';
import { DEFAULT_ROLES, type Employee, FULL_SCOPE, type Scope } from '@falcon/api-client';
import { COUNTRIES, type CountryCode } from './geography';
import type { Org } from './org';
import { asciiSlug, type DateTools, pad, type Rng } from './random';
import type { DatasetRole, DatasetUser } from './types';

/** Every demo user signs in with this password (demo data only). */
export const DEMO_PASSWORD = 'demo1234';

/** The five default roles of api-client, ids R01-R05, built in (editable, not deletable). */
export const createRoles = (): DatasetRole[] =>
  Object.entries(DEFAULT_ROLES).map(([rolename, role], i) => ({
    id: `R${pad(i + 1, 2)}`,
    rolename,
    firstname: null,
    lastname: null,
    region: null,
    permissions: [...role.permissions],
    builtIn: true,
    concernCode: null,
  }));

const scopeOf = (part: Partial<Scope>): Scope => ({
  all: false,
  concerns: [],
  branches: [],
  locations: [],
  ...part,
});

/**
 * Users: the demo users of ARCHITECTURE.md (`admin`, `backoffice`, `sales`, `kdadmin`, `staff`,
 * ids U001-U005) and generated ones (U006...): per concern a KD_ADMIN, a KD_USER limited to one
 * branch and one limited to one location; a BACKOFFICE user for every further in-house employee.
 */
export const createUsers = (
  rng: Rng,
  fakers: Record<CountryCode, Faker>,
  org: Org,
  dates: DateTools,
  generatedPerConcern: number,
): DatasetUser[] => {
  const users: DatasetUser[] = [];
  const taken = new Set<string>();
  const employee = (key: string) => org.employees.find((e) => e.key === key) as Employee;
  const add = (
    u: Pick<DatasetUser, 'username' | 'firstname' | 'lastname' | 'roles' | 'scope'> & Partial<DatasetUser>,
  ) => {
    taken.add(u.username);
    const user: DatasetUser = {
      id: `U${pad(users.length + 1, 3)}`,
      password: DEMO_PASSWORD,
      email: `${asciiSlug(u.firstname)}.${asciiSlug(u.lastname)}@example.com`,
      phone: null,
      region: null,
      useRegion: false,
      language: 'de',
      permissions: [],
      employeeKey: null,
      sessionTimeoutMinutes: 60,
      createdAt: dates.at(-rng.int(120, 900)),
      lastLogin: rng.chance(0.8) ? dates.at(-rng.float(0.1, 20, 3)) : null,
      active: true,
      ...u,
    };
    users.push(user);
    return user;
  };
  const usernameFor = (firstname: string, lastname: string) => {
    const base = `${asciiSlug(firstname)}.${asciiSlug(lastname)}`;
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    return name;
  };

  const c001 = org.concerns[0]?.code as string;
  const ih1 = employee('IH01');
  const fs1 = employee('FS01');
  add({
    username: 'admin',
    firstname: 'Katrin',
    lastname: 'Vogel',
    email: `katrin.vogel@falcon-supply.example`,
    roles: ['ADMIN'],
    scope: { ...FULL_SCOPE },
    sessionTimeoutMinutes: 120,
  });
  add({
    username: 'backoffice',
    firstname: ih1.firstname,
    lastname: ih1.lastname,
    email: ih1.email,
    phone: ih1.phone,
    roles: ['BACKOFFICE'],
    scope: scopeOf({
      concerns: org.concerns.filter((c) => c.inHouseStaffEmployeeKey === 'IH01').map((c) => c.code),
    }),
    employeeKey: 'IH01',
  });
  add({
    username: 'sales',
    firstname: fs1.firstname,
    lastname: fs1.lastname,
    email: fs1.email,
    phone: fs1.phone,
    roles: ['SALESFORCE'],
    scope: scopeOf({
      concerns: org.concerns.filter((c) => c.fieldServiceEmployeeKey === 'FS01').map((c) => c.code),
    }),
    employeeKey: 'FS01',
    region: 'Süd',
    useRegion: true,
  });
  add({
    username: 'kdadmin',
    firstname: 'Markus',
    lastname: 'Brandt',
    roles: ['KD_ADMIN'],
    scope: scopeOf({ concerns: [c001] }),
    phone: fakers.DE.phone.number({ style: 'international' }),
  });
  add({
    username: 'staff',
    firstname: 'Jana',
    lastname: 'Keller',
    roles: ['KD_USER'],
    scope: scopeOf({ concerns: [c001] }),
    sessionTimeoutMinutes: 30,
  });

  for (const concern of org.concerns) {
    const country = org.concernCountry.get(concern.code) as CountryCode;
    const faker = fakers[country];
    const language = COUNTRIES[country].language;
    const branches = org.branches.filter((b) => b.concernCode === concern.code);
    const locations = org.locations.filter((l) => l.location.concernCode === concern.code);
    const plan: (() => Scope)[] = [
      () => scopeOf({ concerns: [concern.code] }),
      () => scopeOf({ branches: [rng.pick(branches).code] }),
      () => scopeOf({ locations: [rng.pick(locations).location.code] }),
    ];
    for (let i = 0; i < Math.min(generatedPerConcern, plan.length); i++) {
      const sex = faker.person.sexType();
      const firstname = faker.person.firstName(sex);
      const lastname = faker.person.lastName(sex);
      add({
        username: usernameFor(firstname, lastname),
        firstname,
        lastname,
        roles: [i === 0 ? 'KD_ADMIN' : 'KD_USER'],
        scope: (plan[i] as () => Scope)(),
        language,
        phone: rng.chance(0.5) ? faker.phone.number({ style: 'international' }) : null,
      });
    }
  }

  for (const e of org.employees) {
    if (e.kind !== 'inhousestaff' || e.username) continue;
    const username = usernameFor(e.firstname, e.lastname);
    e.username = username;
    add({
      username,
      firstname: e.firstname,
      lastname: e.lastname,
      email: e.email,
      phone: e.phone,
      roles: ['BACKOFFICE'],
      scope: scopeOf({
        concerns: org.concerns.filter((c) => c.inHouseStaffEmployeeKey === e.key).map((c) => c.code),
      }),
      employeeKey: e.key,
    });
  }
  return users;
};
