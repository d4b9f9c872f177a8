export { arbitraryOf, type GenOptions, HOSTILE_DATES, HOSTILE_NUMBERS, HOSTILE_STRINGS } from './arbitrary';
export { createTestClient, eventually, failure, type TestClient } from './client';
export { exampleOf } from './example';
export { userForm } from './fixtures';
export {
  documentedStatuses,
  FUZZ_CALLERS,
  type FuzzFinding,
  type FuzzResult,
  formatFuzz,
  groupFindings,
  runFuzz,
} from './fuzz';
export {
  encodeMultipart,
  encodeSegment,
  endpointUrl,
  fetchTarget,
  type HttpRequest,
  type HttpResponse,
  readResponse,
  signIn,
  type Target,
  type TargetSession,
  type UploadFile,
} from './http';
export { describeInputScenarios } from './input-scenarios';
export {
  expectationFor,
  formatMatrix,
  MATRIX_SPECS,
  type MatrixResult,
  type MatrixRow,
  runMatrix,
} from './matrix';
export { pngOf } from './png';
export { type ContractTarget, describeContractScenarios, SCENARIO_DATASET } from './scenarios';
export { type Caller, MATRIX_USERS, type MatrixUser, World } from './world';
