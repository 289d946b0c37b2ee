/**
 * The demo blog (docs/product.md#demo-posts-feed-and-sitemap): three categories and six posts a
 * new shop starts with, so the blog pages, the feed and the sitemap show real-looking content.
 * The HTML is what the admin's editor produces; seed-blog.ts still passes it through the sanitiser
 * as the API would. Product links and cards name products of catalogue-data.ts (a test checks).
 */

export interface DemoBlogCategory {
  name: string;
  slug: string;
  description: string;
}

export interface DemoBlogPost {
  title: string;
  slug: string;
  categorySlug: string;
  tags: string[];
  featured: boolean;
  /** The post's main product: in front on its featured picture (blog-art.ts), with the products it embeds. */
  pictureOf: string;
  metaDescription: string;
  content: string;
}

export const DEMO_BLOG_CATEGORIES: readonly DemoBlogCategory[] = [
  {
    name: 'Guides',
    slug: 'guides',
    description: 'Plain-language buying guides: which board, tool or part fits what you want to build.',
  },
  {
    name: 'Projects',
    slug: 'projects',
    description: 'Small, finished projects you can build in an evening or a weekend.',
  },
  {
    name: 'News',
    slug: 'news',
    description: 'New arrivals, shop news and practical tips for living with power cuts.',
  },
];

const card = (slug: string) => `<div data-product-card="${slug}"></div>`;
const link = (slug: string, text: string) => `<a href="/product/${slug}">${text}</a>`;

export const DEMO_BLOG_POSTS: readonly DemoBlogPost[] = [
  {
    title: 'Powering your router through power cuts',
    slug: 'powering-your-router-through-power-cuts',
    categorySlug: 'news',
    tags: ['power', 'ups', 'networking'],
    featured: true,
    pictureOf: 'wgp-mini-dc-ups-10400mah',
    metaDescription:
      'A mini DC UPS keeps your router and fibre box online when the electricity switches from EDL to the generator. How to size and wire one.',
    content: `<p>In most Lebanese homes the internet does not go down because of the provider: it goes down for the thirty seconds to five minutes between EDL cutting out and the neighbourhood generator taking over, and then the router needs another two minutes to boot. Several times a day, that adds up. A small DC UPS fixes it for the price of a dinner out.</p>
<h2>What a mini DC UPS is</h2>
<p>A mini DC UPS is a power bank built to sit between the wall adapter and the router all the time. While there is power it charges its cells and passes the current through; when the power drops it switches to its battery in a few milliseconds, too fast for the router to notice. Unlike a classic computer UPS there is no inverter, no 220 V and no beeping, so it is silent, efficient and small enough to stick behind the router.</p>
${card('wgp-mini-dc-ups-10400mah')}
<h2>How long will it last?</h2>
<p>Look at the label of your router's adapter. A typical home router draws 6 to 10 W; a fibre ONT adds about 5 W. Divide the usable energy of the UPS by that figure:</p>
<ul>
<li>A 10,400 mAh unit stores about 38 Wh, of which roughly 30 Wh reach the router after conversion losses.</li>
<li>30 Wh ÷ 10 W = about 3 hours for a router alone.</li>
<li>With a router and an ONT (15 W), count on about 2 hours.</li>
</ul>
<p>That is plenty to cover the switch-over gaps, and it also carries you through most evening cuts when the generator subscription ends at midnight.</p>
<h2>Wiring it up</h2>
<ol>
<li>Check the voltages: most routers take 12 V, many ONTs take 12 V too, and some mesh units take 5 V or 9 V. A good mini UPS offers 5, 9 and 12 V outputs at once.</li>
<li>Check the barrel plugs. 5.5 × 2.1 mm is the most common size; the UPS usually ships with adapters for the others.</li>
<li>Plug the UPS adapter into the wall, then the router into the matching output. Never feed 12 V into a 9 V device.</li>
<li>Let it charge fully once before you rely on it.</li>
</ol>
<h3>Routers that are worth keeping alive</h3>
<p>If your router is old and slow anyway, this is a good moment to change it: a ${link('tp-link-archer-c6-ac1200-router', 'TP-Link Archer C6')} draws little power and has good dual-band coverage for an apartment. For bigger homes, the ${link('tp-link-deco-x20-mesh-2-pack', 'Deco X20 mesh pair')} needs one UPS per unit, or at least one on the unit connected to the modem.</p>
<h2>Looking after the battery</h2>
<p>Lithium cells dislike heat more than anything. Keep the UPS out of direct sun and away from the top of a hot modem, and give it some air. A unit that is always plugged in will typically last two to three years before its runtime drops noticeably; when it does, replacing it costs less than a month of a second internet line.</p>
<p>Questions about your own setup? Send us a photo of the router adapter's label and we will help you match the right outputs.</p>`,
  },
  {
    title: 'Choosing an Arduino board',
    slug: 'choosing-an-arduino-board',
    categorySlug: 'guides',
    tags: ['arduino', 'beginners', 'microcontrollers'],
    featured: false,
    pictureOf: 'arduino-uno-r3',
    metaDescription:
      'Uno, Nano, Mega or Uno R4 WiFi? A short guide to the Arduino boards we sell and the projects each one suits.',
    content: `<p>"Which Arduino should I buy?" is the question we hear most at the counter. The honest answer is that for a first board the choice matters less than people fear: they all run the same code. But each board has a sweet spot, and picking the right one saves you an adapter, a second purchase or a cramped project box.</p>
<h2>The short version</h2>
<table>
<thead>
<tr><th>Board</th><th>Best for</th><th>Why</th></tr>
</thead>
<tbody>
<tr><td>Uno R3</td><td>Learning, classes, shields</td><td>Every tutorial and shield assumes it</td></tr>
<tr><td>Uno R4 WiFi</td><td>Connected projects</td><td>Faster chip, Wi-Fi and an LED matrix on board</td></tr>
<tr><td>Nano</td><td>Breadboards, small boxes</td><td>Same chip as the Uno in a tiny footprint</td></tr>
<tr><td>Mega 2560</td><td>3D printers, robots, many pins</td><td>54 digital pins and four serial ports</td></tr>
</tbody>
</table>
<h2>Start with an Uno</h2>
<p>If you are learning, buy an Uno. Its headers take jumper wires directly, it survives the usual beginner mistakes, and when a tutorial says "connect to pin 9" it means the Uno's pin 9. The original ${link('arduino-uno-r3', 'Arduino Uno R3')} supports the project that created the platform; a ${link('arduino-uno-r3-compatible-ch340', 'compatible Uno with a CH340 chip')} does the same job for less, and only needs a USB driver on older versions of Windows.</p>
${card('arduino-uno-r3')}
<h3>When the Uno R4 WiFi makes sense</h3>
<p>The ${link('arduino-uno-r4-wifi', 'Uno R4 WiFi')} keeps the Uno shape and pin-out but has a much faster 32-bit processor, more memory and an ESP32-S3 for Wi-Fi and Bluetooth. Choose it if you already know you want to send sensor readings to your phone or a dashboard. A few very old libraries written for the 8-bit chip will not compile on it, so check the ones you need first.</p>
<h2>Going small: the Nano</h2>
<p>Once a project works on the Uno, you usually want it smaller. The ${link('arduino-nano-v3-compatible', 'Nano')} plugs straight into a ${link('breadboard-830-points', 'breadboard')}, runs the same sketches and fits in a box the size of a matchbox. It is also the board of choice for wearables and model trains.</p>
<h2>Going big: the Mega</h2>
<p>Running out of pins is the usual reason to move to the ${link('arduino-mega-2560-r3', 'Mega 2560')}: a robot with four motors, a keypad, a display and a handful of sensors will fill an Uno quickly. The Mega also has more memory for long programs and four hardware serial ports, handy for GPS and Bluetooth modules at the same time.</p>
<h2>Kits or single boards?</h2>
<p>If you have no parts at all, a starter kit is good value: the ${link('elegoo-uno-r3-super-starter-kit', 'Elegoo Super Starter Kit')} includes a board, a breadboard, wires, LEDs, sensors and a motor, enough for the first twenty lessons. If you already own a drawer of components, buy the board alone and spend the difference on the sensors your project actually needs.</p>`,
  },
  {
    title: 'Soldering starter kit: what you really need',
    slug: 'soldering-starter-kit-what-you-really-need',
    categorySlug: 'guides',
    tags: ['soldering', 'tools', 'beginners'],
    featured: false,
    pictureOf: 'pinecil-v2-smart-soldering-iron',
    metaDescription:
      'The iron, solder and few accessories that make soldering easy, and the gadgets you can skip when you start.',
    content: `<p>Soldering is not hard. Bad tools make it hard. A cheap iron with no temperature control either cannot melt the solder onto a thick wire or burns the pads off a board, and beginners blame themselves. Here is what is actually worth buying, and what can wait.</p>
<h2>1. A temperature-controlled iron</h2>
<p>This is the one item not to save on. Temperature control means the tip stays at the heat you set, whether you are soldering a tiny header pin or a thick battery wire.</p>
<ul>
<li>The ${link('pinecil-v2-smart-soldering-iron', 'Pinecil V2')} heats up in seconds, runs from a USB-C charger or a 12–20 V adapter and fits in a pencil case. It is our favourite first iron, and it keeps working on a power bank during a cut.</li>
<li>The ${link('hakko-fx-888dx-soldering-station', 'Hakko FX-888DX')} is a bench station for people who solder every day: heavy, stable and with tips that last years.</li>
</ul>
${card('pinecil-v2-smart-soldering-iron')}
<h2>2. The right solder</h2>
<p>For electronics, use thin rosin-core wire, 0.8 mm or so. Leaded ${link('solder-wire-63-37-100g', '63/37 solder')} melts at a lower temperature and flows beautifully, which makes it the most forgiving for beginners. Wash your hands after use and do not eat at the bench. Lead-free solder is fine too; it simply needs about 30 °C more heat and looks duller when cooled.</p>
<h2>3. A few small things that matter</h2>
<ul>
<li><strong>A tip cleaner</strong>: brass wool is better than a wet sponge, because it does not cool the tip.</li>
<li><strong>Flush cutters</strong> to trim component legs close to the board.</li>
<li><strong>A wire stripper</strong>: the ${link('knipex-self-adjusting-wire-stripper', 'Knipex self-adjusting stripper')} strips any gauge without nicking the copper.</li>
<li><strong>A fan or open window</strong>: flux smoke is irritating; do not breathe it in.</li>
</ul>
<h2>What can wait</h2>
<p>A hot-air rework station, like the ${link('yihua-8786d-hot-air-rework-station', 'Yihua 8786D')}, is great for surface-mount parts and heat-shrink tubing, but you will not need it for through-hole kits. The same goes for microscopes, fume extractors with filters and fancy helping hands: buy them once you know the kind of work you do.</p>
<h2>Your first practice</h2>
<ol>
<li>Set the iron to about 330 °C for leaded solder, 360 °C for lead-free.</li>
<li>Tin the tip: melt a little solder on it so it shines.</li>
<li>Touch the tip to both the pad and the leg for a second, then feed solder into the joint, not onto the tip.</li>
<li>Remove the solder, then the iron. A good joint is a small shiny cone.</li>
</ol>
<p>Practise on a ${link('resistor-kit-600-pcs', 'handful of resistors')} and a scrap board before your first real kit. Ten joints in, you will wonder why you waited.</p>`,
  },
  {
    title: 'Raspberry Pi 5 or Pi Zero 2 W?',
    slug: 'raspberry-pi-5-or-pi-zero-2-w',
    categorySlug: 'guides',
    tags: ['raspberry pi', 'single-board computers'],
    featured: false,
    pictureOf: 'raspberry-pi-5-8gb',
    metaDescription:
      'One is a small desktop computer, the other a tiny Linux board for one job. How to choose between the Raspberry Pi 5 and the Pi Zero 2 W.',
    content: `<p>Both boards run the same Raspberry Pi OS and the same Python code, yet they are built for very different jobs. The quickest way to choose: if a screen and keyboard will be plugged into it, take the Pi 5; if it will sit hidden inside something doing one task, take the Zero 2 W.</p>
<h2>Raspberry Pi 5: a small computer</h2>
<p>The ${link('raspberry-pi-5-8gb', 'Raspberry Pi 5')} is fast enough to browse the web, edit documents and run a home server with several services at once. It has two micro-HDMI outputs for two 4K screens, two USB 3 ports, Gigabit Ethernet and a PCIe connector for an NVMe SSD.</p>
${card('raspberry-pi-5-8gb')}
<p>It also asks more of its surroundings:</p>
<ul>
<li>A proper 5 V, 5 A supply. The ${link('raspberry-pi-27w-usb-c-power-supply', 'official 27 W USB-C adapter')} avoids the low-voltage warnings and the USB current limit you get with phone chargers.</li>
<li>Cooling under load: the ${link('raspberry-pi-5-active-cooler', 'Active Cooler')} clips on in a minute and keeps the board from slowing itself down.</li>
<li>A case, ideally one that fits the cooler, such as the ${link('raspberry-pi-5-case', 'official Pi 5 case')}.</li>
</ul>
<h2>Pi Zero 2 W: a Linux board for one job</h2>
<p>The ${link('raspberry-pi-zero-2-w', 'Pi Zero 2 W')} is the size of a stick of gum and draws well under 2 W in normal use. It has Wi-Fi and Bluetooth but a single micro-USB port for data and a mini-HDMI output. It is ideal for a network ad blocker, a weather station, a camera doorbell or a print server, anything that runs headless and never needs a desktop.</p>
<h3>A power-cut advantage</h3>
<p>Because the Zero 2 W needs so little power, a small power bank keeps it alive for many hours, which matters when it is the thing that logs your generator hours or watches your water tank.</p>
<h2>Side by side</h2>
<table>
<thead>
<tr><th></th><th>Pi 5</th><th>Pi Zero 2 W</th></tr>
</thead>
<tbody>
<tr><td>Use</td><td>Desktop, server, media</td><td>Single headless task</td></tr>
<tr><td>Power</td><td>5 V 5 A, up to ~12 W</td><td>5 V 2.5 A, usually under 2 W</td></tr>
<tr><td>Network</td><td>Gigabit Ethernet, Wi-Fi</td><td>Wi-Fi only</td></tr>
<tr><td>Storage</td><td>microSD or NVMe SSD</td><td>microSD</td></tr>
</tbody>
</table>
<h2>And the Pico?</h2>
<p>Do not confuse either with the ${link('raspberry-pi-pico-w', 'Pico W')}: it is a microcontroller, closer to an Arduino than to a computer. It runs no operating system, boots instantly and is the right choice for reading sensors and driving motors in real time.</p>
<p>Whichever you pick, use a good ${link('sandisk-extreme-microsdxc-64gb', 'A2-rated microSD card')}: a slow card is the most common reason a Pi "feels slow".</p>`,
  },
  {
    title: 'Reading a multimeter without fear',
    slug: 'reading-a-multimeter-without-fear',
    categorySlug: 'guides',
    tags: ['multimeter', 'tools', 'safety', 'beginners'],
    featured: false,
    pictureOf: 'uni-t-ut33d-plus-digital-multimeter',
    metaDescription:
      'Voltage, continuity and resistance: the three measurements that solve most problems, and the safety rules that come first.',
    content: `<p>A multimeter looks intimidating with its dial of symbols, but three settings cover nearly everything a hobbyist needs: voltage, continuity and resistance. Learn those and you can test batteries, find broken cables and check that a circuit gets the power it should.</p>
<h2>Safety first</h2>
<ul>
<li>Start with low-voltage circuits: batteries, USB, 5 V and 12 V adapters. Leave the 220 V mains to an electrician until you are experienced, and even then only with a meter rated CAT III.</li>
<li>Choose the function <em>before</em> touching the probes to anything.</li>
<li>Never measure resistance or continuity on a circuit that is powered.</li>
<li>Keep the red lead in the V/Ω socket. The 10 A socket is only for current measurements, and forgetting it there is the classic way to blow a fuse.</li>
</ul>
<h2>Measuring voltage</h2>
<ol>
<li>Turn the dial to V with a straight line (DC). Batteries, adapters and electronics are DC.</li>
<li>Black probe on the negative or ground, red probe on the point you want to measure.</li>
<li>Read the display. A minus sign only means the probes are the wrong way round.</li>
</ol>
<p>A fresh AA battery shows about 1.5 V, a rechargeable ${link('panasonic-eneloop-aa-4-pack', 'Eneloop')} about 1.2–1.3 V, and a full 18650 cell about 4.2 V. A 12 V router adapter usually reads a little above 12 V with nothing connected; that is normal.</p>
<h2>Continuity: the beep test</h2>
<p>The continuity setting (a sound-wave symbol) beeps when the two probes are connected by a wire. Use it to find which USB cable is broken, to check a fuse or to trace a track on a board. If a cable beeps when you bend it one way and not the other, you have found your fault.</p>
<h2>Resistance</h2>
<p>Set the dial to Ω and touch the probes across a resistor, out of the circuit. Colour bands are hard to read under a desk lamp; a meter settles it in a second. Expect a reading within the resistor's tolerance, usually 1% or 5%.</p>
<h3>Auto-ranging helps</h3>
<p>Older meters make you pick a range (2 V, 20 V, 200 V). An auto-ranging meter picks it for you, which removes most of the confusion for beginners.</p>
<h2>Which meter?</h2>
<p>The ${link('uni-t-ut33d-plus-digital-multimeter', 'UNI-T UT33D+')} is compact, auto-ranging and more than enough for electronics benches and car batteries. If you work on installations or want a meter that will survive being dropped off a ladder for the next fifteen years, the ${link('fluke-101-digital-multimeter', 'Fluke 101')} is the professional's choice.</p>
${card('uni-t-ut33d-plus-digital-multimeter')}
<p>Keep a spare 9 V or coin battery for it in the drawer: a meter with a dying battery gives readings that look plausible but are wrong.</p>`,
  },
  {
    title: 'Five first projects with sensors',
    slug: 'five-first-projects-with-sensors',
    categorySlug: 'projects',
    tags: ['sensors', 'arduino', 'projects', 'beginners'],
    featured: false,
    pictureOf: 'dht22-temperature-humidity-sensor',
    metaDescription:
      'A thermometer, a parking aid, a motion light, a plant monitor and a tilt alarm: five sensor projects for a first weekend.',
    content: `<p>Blinking an LED is the "hello world" of electronics, but sensors are where projects become useful. These five builds each use one sensor, an Arduino Uno or Nano, a breadboard and a few jumper wires. Each takes an evening, and each teaches something you will reuse.</p>
<h2>1. A room thermometer and hygrometer</h2>
<p>The ${link('dht22-temperature-humidity-sensor', 'DHT22')} reads temperature and humidity on a single data pin. Show the values on a ${link('lcd-1602-i2c-display', '16×2 I2C display')}, which needs only two wires. You learn libraries and I2C, and you end up knowing whether your basement really is damp.</p>
${card('dht22-temperature-humidity-sensor')}
<h2>2. A parking distance aid</h2>
<p>The ${link('hc-sr04-ultrasonic-distance-sensor', 'HC-SR04 ultrasonic sensor')} measures distance from 2 cm to about 4 m by timing an echo. Mount it on the garage wall and light a green, yellow or red LED as the car gets closer. This project teaches timing with <code>pulseIn()</code> and simple thresholds.</p>
<h2>3. A motion-activated light</h2>
<p>The ${link('hc-sr501-pir-motion-sensor', 'HC-SR501 PIR sensor')} gives a clean on/off signal when a warm body moves in front of it. Add a strip of LEDs for a stair or cupboard light that works on a battery during a power cut. Its two orange potentiometers set the sensitivity and how long the output stays on.</p>
<h2>4. A plant that asks for water</h2>
<p>A ${link('capacitive-soil-moisture-sensor', 'capacitive soil moisture sensor')} has no exposed metal, so unlike the cheap resistive probes it does not corrode in a week. Read its analogue value, calibrate "dry" and "wet" in a glass of water, and sound a buzzer or light an LED when the pot dries out.</p>
<h3>Going further</h3>
<p>Move the same sketch to an ${link('esp32-devkit-v1', 'ESP32')} and it can send you a message instead of beeping.</p>
<h2>5. A tilt and knock alarm</h2>
<p>The ${link('mpu6050-accelerometer-gyroscope', 'MPU6050')} measures acceleration and rotation on three axes. Put it in a box with a buzzer and it becomes an alarm for a drawer, a bicycle or a laptop bag. It is also the first step towards a self-balancing robot.</p>
<h2>What you need for all five</h2>
<ul>
<li>An Arduino Uno or Nano and a USB cable</li>
<li>A ${link('breadboard-830-points', '830-point breadboard')} and ${link('dupont-jumper-wires-120-pcs', 'jumper wires')}</li>
<li>An ${link('led-assortment-5mm-300-pcs', 'LED assortment')} and a ${link('resistor-kit-600-pcs', 'resistor kit')}</li>
</ul>
<p>Build them in order: each one reuses something from the one before, and by the fifth you will be writing your own sketches rather than copying ours.</p>`,
  },
];
