import type { Page } from "playwright-core";
import { baseURL } from "./browser";

/** Demo accounts seeded on first start (server/seed): the buyer has role "user". */
export const DEMO_BUYER = { email: "buyer@verdeo.local", password: "verdeo-demo", username: "alex_buys" };
export const DEMO_PASSWORD = "verdeo-demo";

/**
 * Signs in without the form: the auth endpoint is asked over HTTP and its session cookie handed to
 * the page's browser context. For tests about something else than logging in (the form has its own
 * tests), it saves a page load, typing and a redirect per test.
 */
export async function signInByCookie(page: Page, email = DEMO_BUYER.email, password = DEMO_BUYER.password) {
  const origin = baseURL();
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((line) => {
    const [pair = ""] = line.split(";");
    const split = pair.indexOf("=");
    return { name: pair.slice(0, split).trim(), value: pair.slice(split + 1).trim(), url: origin };
  });
  if (!cookies.some((cookie) => cookie.name.endsWith("session_token")))
    throw new Error(`sign-in of ${email} set no session cookie`);
  await page.context().addCookies(cookies);
}

/** Logs in through the /login form and waits for the profile page. */
export async function signIn(page: Page, email = DEMO_BUYER.email, password = DEMO_BUYER.password) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await page.waitForURL("**/profile");
}

let counter = 0;

/** A fresh, valid username (5–29 characters, lowercase). */
export function uniqueUsername(prefix = "user") {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}`.slice(0, 29);
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  const username = overrides.username ?? uniqueUsername();
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    username,
    email: `${username}@example.test`,
    password: "correct-horse-battery",
    ...overrides,
  };
}

/** Fills the /signup form (waits for the live username check), submits and waits for /profile. */
export async function signUp(page: Page, account: NewAccount = newAccount()) {
  await page.goto("/signup");
  await fillSignUp(page, account);
  await page.getByText("Username is available").waitFor();
  await page.getByRole("button", { name: "Create Account", exact: true }).click();
  await page.waitForURL("**/profile");
  return account;
}

export async function fillSignUp(page: Page, account: Partial<NewAccount>) {
  if (account.firstName !== undefined) await page.getByLabel("First name").fill(account.firstName);
  if (account.lastName !== undefined) await page.getByLabel("Last name").fill(account.lastName);
  if (account.username !== undefined) await page.getByLabel("Username").fill(account.username);
  if (account.email !== undefined) await page.getByLabel("Email").fill(account.email);
  if (account.password !== undefined)
    await page.getByLabel("Password", { exact: true }).fill(account.password);
}
