/**
 * Prints the OpenAPI document (as `GET /api/v1/openapi.json` serves it) to
 * stdout, built from the app's route table without a worker: the linters
 * and the contract tests read it from a file.
 */
import { createApp } from "../src/http/app";
import { openApiJson } from "../src/http/openapi/document";

process.stdout.write(openApiJson(createApp(async (_c, next) => next()).routes));
