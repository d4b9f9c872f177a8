import type { Faker } from '@faker-js/faker';
import type { Employee } from '@falcon/api-client';
import { COUNTRIES, COUNTRY_ORDER, type CountryCode } from './geography';
import { asciiSlug, pad, type Rng } from './random';
import type { DatasetBranch, DatasetConcern, DatasetLocation } from './types';

export interface OrgConfig {
  concerns: number;
  branches: readonly [number, number];
  locations: readonly [number, number];
  inHouseStaff: number;
  fieldService: number;
}

export interface LocationNode {
  location: DatasetLocation;
  country: CountryCode;
  /** Index of the location in its branch (0-based): the hall letter of storage coordinates. */
  indexInBranch: number;
}

export interface Org {
  employees: Employee[];
  concerns: DatasetConcern[];
  concernCountry: Map<string, CountryCode>;
  branches: DatasetBranch[];
  branchCountry: Map<string, CountryCode>;
  locations: LocationNode[];
}

const EMPLOYEE_DOMAIN = 'falcon-supply.example';

const makeEmployee = (
  faker: Faker,
  kind: Employee['kind'],
  key: string,
  username: string | null,
  used: Set<string>,
): Employee => {
  let firstname = '';
  let lastname = '';
  do {
    // Same sex for both names: Czech, Polish and other surnames change with it.
    const sex = faker.person.sexType();
    firstname = faker.person.firstName(sex);
    lastname = faker.person.lastName(sex);
  } while (used.has(`${firstname} ${lastname}`));
  used.add(`${firstname} ${lastname}`);
  return {
    key,
    kind,
    firstname,
    lastname,
    fullName: `${firstname} ${lastname}`,
    email: `${asciiSlug(firstname)}.${asciiSlug(lastname)}@${EMPLOYEE_DOMAIN}`,
    phone: faker.phone.number({ style: 'international' }),
    username,
  };
};

/**
 * Concerns, branches, locations and the supplier's employees.
 * Codes: concern `C001`, branch `C001-B01`, location `C001-B01-L01`; employees `IH01` (in-house
 * staff, back office) and `FS01` (field service). IH01 is responsible for C001 and C002 (the demo
 * user `backoffice`), FS01 serves C001 and C003 (the demo user `sales`).
 */
export const createOrg = (rng: Rng, fakers: Record<CountryCode, Faker>, config: OrgConfig): Org => {
  const usedNames = new Set<string>();
  const employees: Employee[] = [];
  for (let i = 1; i <= config.inHouseStaff; i++)
    employees.push(
      makeEmployee(fakers.DE, 'inhousestaff', `IH${pad(i, 2)}`, i === 1 ? 'backoffice' : null, usedNames),
    );
  for (let i = 1; i <= config.fieldService; i++) {
    const country = i === 1 ? 'DE' : (COUNTRY_ORDER[i % COUNTRY_ORDER.length] as CountryCode);
    employees.push(
      makeEmployee(fakers[country], 'fieldservice', `FS${pad(i, 2)}`, i === 1 ? 'sales' : null, usedNames),
    );
  }
  const ih = (i: number) => `IH${pad(i, 2)}`;
  const fs = (i: number) => `FS${pad(i, 2)}`;
  const inHouseFor = (c: number) =>
    c < 2 || config.inHouseStaff < 2 ? ih(1) : ih(2 + ((c - 2) % (config.inHouseStaff - 1)));
  const fieldServiceFor = (c: number) =>
    c === 0 || c === 2 || config.fieldService < 2 ? fs(1) : fs(2 + (c % (config.fieldService - 1)));

  const concerns: DatasetConcern[] = [];
  const concernCountry = new Map<string, CountryCode>();
  const branches: DatasetBranch[] = [];
  const branchCountry = new Map<string, CountryCode>();
  const locations: LocationNode[] = [];
  const concernNames = new Set<string>();

  for (let c = 0; c < config.concerns; c++) {
    const country = COUNTRY_ORDER[c % COUNTRY_ORDER.length] as CountryCode;
    const info = COUNTRIES[country];
    const faker = fakers[country];
    let name = '';
    do {
      name = `${faker.person.lastName()} ${rng.pick(info.industries)} ${rng.pick(info.companySuffixes)}`;
    } while (concernNames.has(name));
    concernNames.add(name);
    const concern: DatasetConcern = {
      code: `C${pad(c + 1, 3)}`,
      name,
      inHouseStaffEmployeeKey: inHouseFor(c),
      fieldServiceEmployeeKey: fieldServiceFor(c),
    };
    concerns.push(concern);
    concernCountry.set(concern.code, country);

    // The first concern always has two branches and its first branch two locations: scope tests need them.
    const branchCount = c === 0 ? Math.max(2, config.branches[0]) : rng.int(...config.branches);
    const usedCities = new Set<string>();
    for (let b = 0; b < branchCount; b++) {
      const bCountry = b === 0 ? country : rng.pick(COUNTRY_ORDER);
      const bInfo = COUNTRIES[bCountry];
      let city = rng.pick(bInfo.cities);
      for (let tries = 0; usedCities.has(city) && tries < 20; tries++) city = rng.pick(bInfo.cities);
      usedCities.add(city);
      const branch: DatasetBranch = {
        code: `${concern.code}-B${pad(b + 1, 2)}`,
        name: bInfo.plant(city),
        concernCode: concern.code,
        inHouseStaffEmployeeKey: concern.inHouseStaffEmployeeKey,
        fieldServiceEmployeeKey: concern.fieldServiceEmployeeKey,
      };
      branches.push(branch);
      branchCountry.set(branch.code, bCountry);
      const bFaker = fakers[bCountry];
      const street = `${bFaker.location.street()} ${bFaker.location.buildingNumber()}`;
      const zip = bFaker.location.zipCode();
      const locationCount =
        c === 0 && b === 0 ? Math.max(2, config.locations[0]) : rng.int(...config.locations);
      const sites = [...bInfo.sites];
      for (let l = 0; l < locationCount; l++) {
        const site =
          l < sites.length
            ? (sites[l] as string)
            : `${sites[l % sites.length]} ${Math.floor(l / sites.length) + 1}`;
        // Some locations have their own field-service contact; the rest fall back to the branch's keys.
        const ownFieldService = config.fieldService > 2 && rng.chance(0.15);
        locations.push({
          location: {
            code: `${branch.code}-L${pad(l + 1, 2)}`,
            name: site,
            branchCode: branch.code,
            concernCode: concern.code,
            inHouseStaffEmployeeKey: null,
            fieldServiceEmployeeKey: ownFieldService ? fs(rng.int(2, config.fieldService)) : null,
            address: `${street}, ${zip} ${city}`,
          },
          country: bCountry,
          indexInBranch: l,
        });
      }
    }
  }
  return { employees, concerns, concernCountry, branches, branchCountry, locations };
};
