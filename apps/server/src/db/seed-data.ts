/** Realistic demo catalog data: product lines a POD and dropship business really sells. */
export const CATALOG_LINES = [
  { name: 'Gildan 5000 Unisex Heavy Cotton T-Shirt', shape: 'tshirt', type: 'pod' },
  { name: 'Bella+Canvas 3001 Unisex Jersey Tee', shape: 'tshirt', type: 'pod' },
  { name: 'Comfort Colors 1717 Garment-Dyed Tee', shape: 'tshirt', type: 'pod' },
  { name: 'Next Level 3600 Cotton Crew', shape: 'tshirt', type: 'pod' },
  { name: 'Gildan 64000 Softstyle Tee', shape: 'tshirt', type: 'fake' },
  { name: 'Gildan 18500 Heavy Blend Hoodie', shape: 'hoodie', type: 'pod' },
  { name: 'Independent SS4500 Midweight Hoodie', shape: 'hoodie', type: 'pod' },
  { name: 'Champion S700 Powerblend Hoodie', shape: 'hoodie', type: 'drop' },
  { name: 'Gildan 18000 Crewneck Sweatshirt', shape: 'sweatshirt', type: 'pod' },
  { name: 'Lane Seven LS14001 Premium Crewneck', shape: 'sweatshirt', type: 'fake' },
  { name: 'Ceramic Mug 11oz', shape: 'mug', type: 'pod' },
  { name: 'Ceramic Mug 15oz', shape: 'mug', type: 'pod' },
  { name: 'Enamel Camp Mug 12oz', shape: 'mug', type: 'drop' },
  { name: 'Color Changing Mug 11oz', shape: 'mug', type: 'pod' },
  { name: 'Matte Paper Poster', shape: 'poster', type: 'pod' },
  { name: 'Premium Luster Poster', shape: 'poster', type: 'pod' },
  { name: 'Framed Canvas 0.75in', shape: 'poster', type: 'drop' },
  { name: 'Cotton Canvas Tote Bag', shape: 'tote', type: 'pod' },
  { name: 'All-Over Print Tote', shape: 'tote', type: 'fake' },
  { name: 'Tough Case for iPhone', shape: 'phonecase', type: 'pod' },
  { name: 'Slim Case for Samsung Galaxy', shape: 'phonecase', type: 'pod' },
  { name: 'MagSafe Clear Case', shape: 'phonecase', type: 'drop' },
  { name: 'Yupoong 6245CM Dad Hat', shape: 'cap', type: 'pod' },
  { name: 'Richardson 112 Trucker Cap', shape: 'cap', type: 'drop' },
  { name: 'Embroidered Beanie', shape: 'cap', type: 'pod' },
  { name: 'Gildan 2400 Long Sleeve Tee', shape: 'tshirt', type: 'pod' },
  { name: 'Bella+Canvas 8803 Flowy Tank', shape: 'tshirt', type: 'fake' },
  { name: 'Youth Heavy Cotton Tee', shape: 'tshirt', type: 'pod' },
  { name: 'Toddler Fine Jersey Tee', shape: 'tshirt', type: 'pod' },
  { name: 'Zip-Up Hoodie', shape: 'hoodie', type: 'pod' },
  { name: 'Licensed Team Jersey', shape: 'tshirt', type: 'drop', trademark: true },
  { name: 'Licensed Character Hoodie', shape: 'hoodie', type: 'drop', trademark: true },
  { name: 'Licensed Movie Poster', shape: 'poster', type: 'drop', trademark: true },
  { name: 'Licensed Logo Cap', shape: 'cap', type: 'drop', trademark: true },
  { name: 'Licensed Travel Mug', shape: 'mug', type: 'drop', trademark: true },
  { name: 'Stainless Tumbler 20oz', shape: 'mug', type: 'drop' },
  { name: 'Jute Shopping Bag', shape: 'tote', type: 'drop' },
  { name: 'Metal Wall Art', shape: 'poster', type: 'pod' },
  { name: 'Biodegradable Phone Case', shape: 'phonecase', type: 'pod' },
  { name: 'Bucket Hat', shape: 'cap', type: 'pod' },
] as const;

export const COLORS = ['white', 'black', 'navy', 'red', 'heather'] as const;
export const SIZES_BY_SHAPE: Record<string, string[]> = {
  tshirt: ['S', 'M', 'L', 'XL', '2XL', '3XL'],
  hoodie: ['S', 'M', 'L', 'XL', '2XL'],
  sweatshirt: ['S', 'M', 'L', 'XL', '2XL'],
  mug: ['11oz'],
  poster: ['12x18', '18x24', '24x36'],
  tote: ['One size'],
  phonecase: ['iPhone 15', 'iPhone 15 Pro', 'iPhone 16', 'Galaxy S24'],
  cap: ['One size'],
};

export const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Mia', 'Lucas', 'Amelia', 'Mason', 'Harper', 'Ethan', 'Ella', 'Logan', 'Aria', 'Jacob', 'Chloe', 'Henry'];
export const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Jackson', 'Martin', 'Lee', 'Nguyen', 'Tran'];
export const COUNTRIES = [
  ['United States', 'US'], ['United States', 'US'], ['United States', 'US'], ['Canada', 'CA'], ['United Kingdom', 'GB'],
  ['Australia', 'AU'], ['Germany', 'DE'], ['France', 'FR'],
] as const;
export const SHOP_NAMES = ['Paw Prints Co', 'Retro Tees Lab', 'Mountain Mug Shop', 'Nana Knows Best', 'Vintage Vibes Studio', 'Coffee First Goods', 'Gamer Den Apparel', 'Teacher Life Prints', 'Fishing Buddy Gear', 'Cat Mom Club', 'Nurse Strong Tees', 'Camp Fire Outfitters', 'Dog Dad Supply', 'Book Nook Merch', 'Garden Gnome Shop', 'Yoga Flow Threads', 'Farmhouse Finds', 'Hometown Pride', 'Bold Quote Co', 'Sunset Surf Shack', 'Trucker Tales', 'Plant Parent Shop', 'Space Cadet Tees', 'Holiday Cheer Store'];

/** Provinces per country for demo addresses (a few in each agency's shipping exclusions). */
export const PROVINCES: Record<string, string[]> = {
  US: ['CA', 'TX', 'NY', 'FL', 'WA', 'IL', 'HI', 'OH', 'GA', 'AK', 'PA', 'NC', 'MI', 'AZ'],
  CA: ['ON', 'QC', 'BC', 'AB', 'NU'],
  GB: ['ENG', 'SCT', 'WLS'],
  AU: ['NSW', 'VIC', 'QLD', 'NT', 'WA'],
  DE: ['BY', 'BE', 'NW'],
  FR: ['IDF', 'ARA', 'PAC'],
};
