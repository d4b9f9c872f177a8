export { createTestClient, eventually, failure, type TestClient } from './client';
export { type ContractTarget, describeContractScenarios, SCENARIO_DATASET } from './scenarios';
