import { data } from "react-router";
import { formInputProblem } from "./input-guard";

/**
 * The request's form fields. A body that is not a form (wrong content type, malformed multipart), or
 * one with control characters in its fields, is the client's mistake: answer 400 instead of letting
 * it reach a query and surface as a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ error: "The request body is not a valid form." }, { status: 400 });
  }
  const problem = formInputProblem(form);
  if (problem) throw data({ error: problem }, { status: 400 });
  return form;
}
