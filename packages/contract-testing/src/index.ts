export { arbitraryOf, HOSTILE_STRINGS } from './arbitrary';
export { createTestClient, eventually, failure, type TestClient } from './client';
export { exampleOf } from './example';
export { userForm } from './fixtures';
export { FUZZ_CALLERS, formatFuzz, groupFindings, runFuzz } from './fuzz';
export { encodeMultipart, fetchTarget, type HttpResponse, type Target } from './http';
export { describeInputScenarios } from './input-scenarios';
export { formatMatrix, runMatrix } from './matrix';
export { describeContractScenarios, SCENARIO_DATASET } from './scenarios';
