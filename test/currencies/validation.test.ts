import { CURRENCIES_VALIDATION, describeValidation } from "../fixtures/suites/code-resources";

describeValidation(CURRENCIES_VALIDATION);
