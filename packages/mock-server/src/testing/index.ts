export { createTestClient, eventually, failure, type TestClient } from './client';
export { describeInputScenarios } from './input-scenarios';
export { type ContractTarget, describeContractScenarios, SCENARIO_DATASET } from './scenarios';
