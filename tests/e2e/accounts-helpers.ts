import type { Page } from "playwright-core";

/** Demo accounts seeded on first start (server/seed): the buyer has role "user". */
export const DEMO_BUYER = { email: "buyer@verdeo.local", password: "verdeo-demo", username: "alex_buys" };
export const DEMO_PASSWORD = "verdeo-demo";

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
