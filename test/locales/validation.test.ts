import { describeValidation, LOCALES_VALIDATION } from "../fixtures/suites/code-resources";

describeValidation(LOCALES_VALIDATION);
