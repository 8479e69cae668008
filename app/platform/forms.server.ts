import { data } from "react-router";

/**
 * The request's form fields. A body that is not a form (wrong content type, malformed multipart)
 * is the client's mistake: answer 400 instead of letting it surface as a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: "The request body is not a valid form." }, { status: 400 });
  }
}
