/** Where the documentation lives (shared by the document and the routes that serve it). */
export const DOCUMENT_PATH = "/api/v1/openapi.json";
export const TOKEN_PATH = "/api/oauth/v2/token";
