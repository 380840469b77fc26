/** HAL `_links` hrefs, relative like Sylius' (one place builds every href). */
export const API = "/api/v1";

export const href = (path: string) => ({ href: `${API}${path}` });

export const enc = encodeURIComponent;
