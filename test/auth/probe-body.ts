/**
 * The body a probe of the route table sends: multipart image files where the
 * route takes uploads (so a refusal is seen to come before R2 staging), a JSON
 * body fit for most writes otherwise, none for reads and deletes.
 */
import { uniqueCode } from "../fixtures/http";
import { png } from "../fixtures/images";

export function probeBody(method: string, takesUploads: boolean, variantCode: string): { body?: BodyInit; contentType?: string } {
  if (takesUploads) {
    const form = new FormData();
    form.append("code", uniqueCode("UPLOAD"));
    form.append("images[0][type]", "main");
    form.append("images[0][file]", new File([png()], "probe.png", { type: "image/png" }));
    return { body: form };
  }
  if (method === "GET" || method === "DELETE") return {};
  return {
    contentType: "application/json",
    body: JSON.stringify({ code: uniqueCode("PROBE"), variant: variantCode, quantity: 2, name: "Probe", enabled: true }),
  };
}
