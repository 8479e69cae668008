import type { Role } from "~/accounts/roles";
import type { ColorTone, License, Mood, Orientation } from "~/catalog/attributes";
import type { PlanView, PromoType } from "~/commerce/plans";

/** The demo catalogue, filled out as a real marketplace would be. */

export const DEMO_PASSWORD = "verdeo-demo";

export interface DemoUser {
  id: string;
  email: string;
  fullName: string;
  username: string;
  role: Role;
}

export const DEMO_USERS: DemoUser[] = [
  {
    id: "demo-creator-maya",
    email: "maya@verdeo.local",
    fullName: "Maya Lindqvist",
    username: "maya.films",
    role: "creator",
  },
  {
    id: "demo-creator-kenji",
    email: "kenji@verdeo.local",
    fullName: "Kenji Aoba",
    username: "kenji_motion",
    role: "creator",
  },
  {
    id: "demo-developer",
    email: "dev@verdeo.local",
    fullName: "Verdeo Team",
    username: "verdeo_dev",
    role: "developer",
  },
  {
    id: "demo-buyer",
    email: "buyer@verdeo.local",
    fullName: "Alex Morgan",
    username: "alex_buys",
    role: "user",
  },
];

export interface DemoNiche {
  id: string;
  name: string;
  icon: string;
  /** The clip whose poster stands for the niche. */
  coverClipId: number;
  subNiches: string[];
}

export const DEMO_NICHES: DemoNiche[] = [
  {
    id: "luxury",
    name: "Luxury Lifestyle",
    icon: "💎",
    coverClipId: 1,
    subNiches: ["Yachts", "Fine Dining", "Watches", "Villas", "Private Jets"],
  },
  {
    id: "technology",
    name: "Technology",
    icon: "💻",
    coverClipId: 2,
    subNiches: ["AI & Data", "Gadgets", "Coding", "Robotics", "Startups"],
  },
  {
    id: "nature",
    name: "Nature & Travel",
    icon: "🌿",
    coverClipId: 3,
    subNiches: ["Mountains", "Oceans", "Forests", "Cities", "Road Trips"],
  },
  {
    id: "wellness",
    name: "Health & Wellness",
    icon: "🧘",
    coverClipId: 4,
    subNiches: ["Yoga", "Fitness", "Meditation", "Healthy Food", "Spa"],
  },
  {
    id: "food",
    name: "Food & Culinary",
    icon: "🍳",
    coverClipId: 5,
    subNiches: ["Street Food", "Baking", "Coffee", "Cocktails", "Chef at Work"],
  },
  {
    id: "business",
    name: "Business & Finance",
    icon: "📈",
    coverClipId: 6,
    subNiches: ["Teamwork", "Markets", "Office Life", "Remote Work", "Presentations"],
  },
];

/** Which generated look a clip gets; see media.ts. */
export type Look = "mandelbrot" | "life" | "cellauto" | "bars" | "waves" | "spectrum" | "testsrc" | "plasma";

export interface DemoClip {
  id: number;
  title: string;
  description: string;
  nicheId: string;
  subNiche: string;
  license: License;
  durationSeconds: number;
  orientation: Orientation;
  colorTone: ColorTone;
  mood: Mood;
  tags: string[];
  creator: string;
  look: Look;
  hue: number;
}

const clip = (
  id: number,
  title: string,
  nicheId: string,
  subNiche: string,
  attrs: [License, number, Orientation, ColorTone, Mood],
  tags: string[],
  creator: string,
  look: Look,
  description: string,
): DemoClip => {
  const [license, durationSeconds, orientation, colorTone, mood] = attrs;
  return {
    id,
    title,
    description,
    nicheId,
    subNiche,
    license,
    durationSeconds,
    orientation,
    colorTone,
    mood,
    tags,
    creator,
    look,
    hue: (id * 47) % 360,
  };
};

const maya = "demo-creator-maya";
const kenji = "demo-creator-kenji";
const team = "demo-developer";

export const DEMO_CLIPS: DemoClip[] = [
  // Home preview row one: ids 1–10.
  clip(
    1,
    "Golden Hour Yacht Cruise",
    "luxury",
    "Yachts",
    ["extended", 20, "landscape", "warm", "cinematic"],
    ["yacht", "sunset", "sea", "luxury"],
    maya,
    "mandelbrot",
    "A sleek yacht glides across calm water as the sun sets behind the coastline.",
  ),
  clip(
    2,
    "Neural Network Visualisation",
    "technology",
    "AI & Data",
    ["standard", 18, "landscape", "cool", "energetic"],
    ["ai", "data", "network", "tech"],
    kenji,
    "life",
    "Glowing nodes pulse and connect, an abstract take on machine learning.",
  ),
  clip(
    3,
    "Misty Mountain Sunrise",
    "nature",
    "Mountains",
    ["standard", 24, "landscape", "cool", "calm"],
    ["mountains", "fog", "sunrise", "landscape"],
    maya,
    "plasma",
    "Layers of mist roll over alpine ridges in the first light of morning.",
  ),
  clip(
    4,
    "Morning Yoga Flow",
    "wellness",
    "Yoga",
    ["standard", 16, "portrait", "warm", "calm"],
    ["yoga", "morning", "mindfulness", "health"],
    maya,
    "waves",
    "Slow, deliberate movement on a sunlit terrace: a calm start to the day.",
  ),
  clip(
    5,
    "Street Food Sizzle",
    "food",
    "Street Food",
    ["standard", 15, "square", "warm", "energetic"],
    ["street food", "grill", "market", "cooking"],
    kenji,
    "cellauto",
    "Flames leap from a busy market grill as dishes come together fast.",
  ),
  clip(
    6,
    "Trading Floor Pulse",
    "business",
    "Markets",
    ["extended", 21, "landscape", "neutral", "energetic"],
    ["finance", "markets", "stocks", "charts"],
    team,
    "spectrum",
    "Tickers and charts race across screens on a busy trading day.",
  ),
  clip(
    7,
    "Luxury Watch Macro",
    "luxury",
    "Watches",
    ["extended", 17, "square", "neutral", "cinematic"],
    ["watch", "macro", "craftsmanship", "detail"],
    kenji,
    "bars",
    "Extreme close-up of a chronograph's gears turning in perfect rhythm.",
  ),
  clip(
    8,
    "Ocean Waves Aerial",
    "nature",
    "Oceans",
    ["standard", 22, "landscape", "cool", "calm"],
    ["ocean", "waves", "aerial", "drone", "beach"],
    maya,
    "waves",
    "A drone drifts over turquoise water breaking gently on white sand.",
  ),
  clip(
    9,
    "Startup Team Brainstorm",
    "business",
    "Teamwork",
    ["standard", 19, "landscape", "warm", "energetic"],
    ["team", "startup", "office", "meeting"],
    team,
    "testsrc",
    "A young team sketches ideas on glass walls in a bright open office.",
  ),
  clip(
    10,
    "Espresso Pour Slow Motion",
    "food",
    "Coffee",
    ["standard", 15, "portrait", "warm", "cinematic"],
    ["coffee", "espresso", "cafe", "slow motion"],
    kenji,
    "plasma",
    "Rich espresso streams into a cup in slow motion, crema swirling.",
  ),
  // Home preview row two: ids 101–110.
  clip(
    101,
    "Private Villa Pool at Dusk",
    "luxury",
    "Villas",
    ["extended", 23, "landscape", "warm", "calm"],
    ["villa", "pool", "dusk", "travel"],
    maya,
    "plasma",
    "Still water reflects the lights of a hillside villa at dusk.",
  ),
  clip(
    102,
    "Robot Arm Assembly Line",
    "technology",
    "Robotics",
    ["extended", 20, "landscape", "cool", "energetic"],
    ["robotics", "automation", "factory", "industry"],
    kenji,
    "cellauto",
    "Precise robotic arms assemble components on a gleaming production line.",
  ),
  clip(
    103,
    "Forest Canopy Walk",
    "nature",
    "Forests",
    ["standard", 25, "portrait", "neutral", "calm"],
    ["forest", "trees", "green", "hiking"],
    maya,
    "life",
    "Looking up through a dense canopy as sunlight filters through the leaves.",
  ),
  clip(
    104,
    "HIIT Workout Energy",
    "wellness",
    "Fitness",
    ["standard", 15, "portrait", "neutral", "energetic"],
    ["fitness", "workout", "gym", "training"],
    team,
    "bars",
    "Fast-cut interval training with jump squats, battle ropes and sprints.",
  ),
  clip(
    105,
    "Artisan Bread Baking",
    "food",
    "Baking",
    ["standard", 18, "landscape", "warm", "calm"],
    ["bread", "bakery", "dough", "oven"],
    kenji,
    "mandelbrot",
    "Hands shape dough before loaves rise golden in a wood-fired oven.",
  ),
  clip(
    106,
    "Remote Work Cafe Setup",
    "business",
    "Remote Work",
    ["standard", 16, "square", "neutral", "calm"],
    ["remote work", "laptop", "cafe", "freelance"],
    team,
    "spectrum",
    "A laptop, a notebook and a flat white: a quiet day of remote work.",
  ),
  clip(
    107,
    "Coding at Night",
    "technology",
    "Coding",
    ["standard", 22, "landscape", "cool", "cinematic"],
    ["code", "programming", "developer", "night"],
    team,
    "testsrc",
    "Lines of code scroll past in a dark room lit only by the monitor.",
  ),
  clip(
    108,
    "City Lights Timelapse",
    "nature",
    "Cities",
    ["extended", 24, "landscape", "cool", "energetic"],
    ["city", "timelapse", "night", "skyline"],
    kenji,
    "spectrum",
    "A skyline comes alive as traffic streams and windows light up.",
  ),
  clip(
    109,
    "Spa Stones Ritual",
    "wellness",
    "Spa",
    ["extended", 19, "square", "warm", "calm"],
    ["spa", "massage", "relaxation", "stones"],
    maya,
    "waves",
    "Warm stones, soft towels and steam in a quiet spa retreat.",
  ),
  clip(
    110,
    "Cocktail Shaker Splash",
    "food",
    "Cocktails",
    ["standard", 17, "portrait", "warm", "energetic"],
    ["cocktail", "bar", "drinks", "nightlife"],
    kenji,
    "cellauto",
    "A bartender shakes, strains and garnishes a cocktail with flair.",
  ),
  // The explore samples (15–25 s).
  clip(
    201,
    "Supercar Night Drive",
    "luxury",
    "Private Jets",
    ["extended", 25, "landscape", "cool", "cinematic"],
    ["supercar", "cars", "night", "drive"],
    kenji,
    "mandelbrot",
    "A supercar carves through neon-lit streets after midnight.",
  ),
  clip(
    202,
    "Smart Home Gadgets",
    "technology",
    "Gadgets",
    ["standard", 15, "square", "neutral", "energetic"],
    ["gadgets", "smart home", "devices", "tech"],
    team,
    "bars",
    "Smart speakers, lights and locks respond to a single tap.",
  ),
  clip(
    203,
    "Road Trip Desert Highway",
    "nature",
    "Road Trips",
    ["standard", 20, "landscape", "warm", "cinematic"],
    ["road trip", "desert", "highway", "travel"],
    maya,
    "plasma",
    "An endless highway stretches through red desert under a big sky.",
  ),
  clip(
    204,
    "Guided Meditation Candles",
    "wellness",
    "Meditation",
    ["standard", 22, "portrait", "warm", "calm"],
    ["meditation", "candles", "calm", "mindfulness"],
    maya,
    "life",
    "Candle flames flicker in a dim room set for quiet meditation.",
  ),
  clip(
    205,
    "Chef Plating Fine Dining",
    "luxury",
    "Fine Dining",
    ["extended", 18, "landscape", "neutral", "cinematic"],
    ["chef", "plating", "restaurant", "gourmet"],
    kenji,
    "testsrc",
    "Tweezers place the final garnish on a plate at a Michelin-starred pass.",
  ),
  clip(
    206,
    "Boardroom Presentation",
    "business",
    "Presentations",
    ["standard", 16, "landscape", "cool", "calm"],
    ["presentation", "boardroom", "corporate", "meeting"],
    team,
    "cellauto",
    "A speaker walks the board through quarterly results on a big screen.",
  ),
];

/** A plan as the pricing page shows it, plus its place on the page; tiers get their ids on insert. */
export interface DemoPlan extends Omit<PlanView, "tiers"> {
  displayOrder: number;
  tiers: Omit<PlanView["tiers"][number], "id">[];
}

export const DEMO_PLANS: DemoPlan[] = [
  {
    category: "creator",
    title: "Creator",
    badge: null,
    licenseKind: "standard",
    subtitle: "For social posts, websites and small business marketing.",
    perks: [
      "Standard license",
      "Up to 1 million views per video",
      "Edit, crop and modify freely",
      "Downloads never expire",
    ],
    displayOrder: 1,
    tiers: [
      { downloads: 5, priceCents: 4_900 },
      { downloads: 10, priceCents: 8_900 },
      { downloads: 25, priceCents: 19_900 },
    ],
  },
  {
    category: "business",
    title: "Business",
    badge: "Most popular",
    licenseKind: "extended",
    subtitle: "For paid ads, broadcast, film and large campaigns.",
    perks: ["Extended license", "Unlimited reach", "TV, film, streaming and billboards", "Invoice with VAT"],
    displayOrder: 2,
    tiers: [
      { downloads: 5, priceCents: 14_900 },
      { downloads: 10, priceCents: 24_900 },
      { downloads: 25, priceCents: 54_900 },
    ],
  },
  {
    category: "pro",
    title: "Pro",
    badge: "Best value",
    licenseKind: "extended",
    subtitle: "For agencies and teams that publish every day.",
    perks: ["Unlimited downloads", "Priority support", "Early access to new collections", "Extended license"],
    displayOrder: 3,
    tiers: [{ downloads: 0, priceCents: 50_000 }],
  },
];

export interface DemoPromo {
  code: string;
  isActive: boolean;
  expiresAt: Date | null;
  type: PromoType;
  value: number;
}

export const DEMO_PROMOS: DemoPromo[] = [
  { code: "WELCOME10", isActive: true, expiresAt: null, type: "percent", value: 10 },
  { code: "FLAT50", isActive: true, expiresAt: null, type: "fixed", value: 5_000 },
  {
    code: "EXPIRED",
    isActive: true,
    expiresAt: new Date("2024-01-01T00:00:00Z"),
    type: "percent",
    value: 20,
  },
  { code: "INACTIVE", isActive: false, expiresAt: null, type: "percent", value: 15 },
];
