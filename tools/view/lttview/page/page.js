/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt-view's timeline: lanes per CPU on a canvas, drawn from the data
 * blob that ltt-view inlined (see lttview/html.py for its layout).
 *
 * Drawing costs at most a few binary searches per pixel column and lane,
 * whatever the number of spans: spans narrower than a pixel are merged
 * into one column (coloured as the span when all of that column's spans
 * have one label, grey when they differ), so that a trace of millions of
 * events pans and zooms as fast as a small one. The notice above the
 * timeline says so.
 *
 * URL fragment: #t0=NS&t1=NS shows that range (ns from the trace's
 * beginning); "dump" writes what each frame drew to #ltt-drawn (tests).
 */
"use strict";

var CAT = ["thread", "system call", "interrupt", "softirq"];
var GUTTER = 104, RULER = 26, ROW0 = 16, ROWN = 9, ROWI = 10, GAP = 6;

var D = null;		/* the header: labels, details, summaries... */
var lanes = {};		/* "cpu/depth" -> {n, start, end, label, detail} */
var inst = {};		/* cpu -> {t: Float64Array, ix: [] into D.instants} */
var lostBy = {};	/* cpu -> [[begin, end, count]] */
var layout = [];	/* per CPU: {cpu, y, rows: [{depth, y, h}], yi, h} */
var v0 = 0, v1 = 1;	/* the view, ns from the trace's beginning */
var cv, ctx, W = 0, H = 0, dpr = 1;
var dump = /dump/.test(location.hash), drawn = [];

function $(id) { return document.getElementById(id); }

/* -- loading ----------------------------------------------------------- */

function b64bytes(s) {
	var bin = atob(s.replace(/\s+/g, "")), n = bin.length;
	var u = new Uint8Array(n);
	for (var i = 0; i < n; i++)
		u[i] = bin.charCodeAt(i);
	return u;
}

function inflate(u8) {
	var ds = new DecompressionStream("gzip");
	return new Response(new Blob([u8]).stream().pipeThrough(ds)).arrayBuffer();
}

function load(buf) {
	var dv = new DataView(buf);
	var hlen = dv.getUint32(0, true);
	D = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 8, hlen)));
	var off = 8 + Math.ceil(hlen / 8) * 8;
	function take(Ctor, n) {
		var a = new Ctor(buf, off, n);
		off += Math.ceil(n * Ctor.BYTES_PER_ELEMENT / 8) * 8;
		return a;
	}
	D.lanes.forEach(function (l) {
		lanes[l.cpu + "/" + l.depth] = {
			cpu: l.cpu, depth: l.depth, n: l.n,
			start: take(Float64Array, l.n), end: take(Float64Array, l.n),
			label: take(Int32Array, l.n), detail: take(Int32Array, l.n),
		};
	});
	D.cpus.forEach(function (c) { inst[c] = { t: [], ix: [] }; lostBy[c] = []; });
	D.instants.forEach(function (e, i) {
		if (!inst[e[0]])
			inst[e[0]] = { t: [], ix: [] };
		inst[e[0]].t.push(e[1]);
		inst[e[0]].ix.push(i);
	});
	for (var c in inst)
		inst[c].t = Float64Array.from(inst[c].t);
	D.lost.forEach(function (l) {
		var cpus = l[0] === null ? D.cpus : [l[0]];
		cpus.forEach(function (c) { (lostBy[c] = lostBy[c] || []).push([l[1], l[2], l[3]]); });
	});
}

/* -- layout and colours ------------------------------------------------ */

function doLayout() {
	var maxDepth = 0, anyInst = D.instants.length > 0;
	D.lanes.forEach(function (l) { maxDepth = Math.max(maxDepth, l.depth); });
	var y = RULER, lab = $("labels");
	lab.textContent = "";
	layout = [];
	D.cpus.forEach(function (c) {
		var g = { cpu: c, y: y, rows: [] };
		y += GAP;
		g.rows.push({ depth: 0, y: y, h: ROW0 });
		addLabel(lab, "CPU " + c, y, "", c);
		y += ROW0 + 1;
		for (var d = 1; d <= maxDepth; d++) {
			g.rows.push({ depth: d, y: y, h: ROWN });
			y += ROWN + 1;
		}
		if (maxDepth)
			addLabel(lab, "calls, irqs", g.rows[1].y - 2, "sub");
		if (anyInst) {
			g.yi = y;
			addLabel(lab, "marks", y - 1, "sub");
			y += ROWI + 1;
		}
		g.h = y - g.y;
		layout.push(g);
	});
	H = y + 8;
}

function addLabel(lab, text, y, cls, cpu) {
	var d = document.createElement("div");
	d.textContent = text;
	d.style.top = y + "px";
	if (cls)
		d.className = cls;
	else
		d.setAttribute("data-cpu", cpu);
	d.classList.add("lane");
	lab.appendChild(d);
}

var colours = {};
function colour(lb) {
	var c = colours[lb];
	if (c)
		return c;
	var s = D.labels[lb], h = 0;
	for (var i = 0; i < s.length; i++)
		h = (h * 31 + s.charCodeAt(i)) >>> 0;
	var cat = D.label_cat[lb];
	if (cat === 0)
		c = "hsl(" + (h % 360) + ",55%," + (52 + h % 13) + "%)";
	else if (cat === 1)
		c = "hsl(" + (200 + h % 50) + ",70%," + (38 + h % 20) + "%)";
	else if (cat === 2)
		c = "hsl(" + (h % 30) + ",85%,45%)";
	else
		c = "hsl(" + (280 + h % 30) + ",60%,50%)";
	return (colours[lb] = c);
}

/* -- time -------------------------------------------------------------- */

function fmt(ns, step) {
	var a = Math.abs(ns);
	if (step === undefined)		/* a point in time: to the ns */
		return (ns / 1e9).toFixed(9) + " s";
	if (step >= 1e8 || a >= 1e10) return (ns / 1e9).toFixed(step >= 1e9 ? 0 : Math.min(9, Math.ceil(9 - Math.log10(step)))) + " s";
	if (step >= 1e5) return (ns / 1e6).toFixed(Math.max(0, Math.ceil(6 - Math.log10(step)))) + " ms";
	if (step >= 100) return (ns / 1e3).toFixed(Math.max(0, Math.ceil(3 - Math.log10(step)))) + " \u00b5s";
	return ns.toFixed(0) + " ns";
}

function dur(ns) {
	if (ns >= 1e9) return (ns / 1e9).toFixed(3) + " s";
	if (ns >= 1e6) return (ns / 1e6).toFixed(3) + " ms";
	if (ns >= 1e3) return (ns / 1e3).toFixed(3) + " \u00b5s";
	return ns.toFixed(0) + " ns";
}

/* first i in [lo, n) with a[i] >= x */
function lower(a, x, lo, n) {
	var hi = n;
	while (lo < hi) {
		var m = (lo + hi) >>> 1;
		if (a[m] < x) lo = m + 1; else hi = m;
	}
	return lo;
}

/* -- drawing ----------------------------------------------------------- */

function px(t) { return GUTTER + (t - v0) * (W - GUTTER) / (v1 - v0); }

function rect(x0, x1, y, h, fill) {
	x0 = Math.max(x0, GUTTER);
	x1 = Math.min(x1, W);
	if (x1 <= x0)
		return false;
	ctx.fillStyle = fill;
	ctx.fillRect(x0, y, Math.max(x1 - x0, 1), h);
	return true;
}

function note(rec) { if (dump) drawn.push(rec); }

function drawLane(L, row) {
	var s = L.start, e = L.end, lb = L.label, n = L.n;
	var k = (W - GUTTER) / (v1 - v0), i = lower(e, v0, 0, n);
	while (i < n && s[i] < v1) {
		var x0 = px(s[i]), x1 = px(e[i]);
		if (x1 - x0 >= 1) {
			if (rect(x0, x1, row.y, row.h, colour(lb[i])))
				note({ cpu: L.cpu, depth: L.depth, x0: x0, x1: x1, t0: s[i], t1: e[i], label: D.labels[lb[i]], n: 1 });
			if (x1 - x0 > 40 && row.h >= ROW0) {
				ctx.save();
				ctx.beginPath();
				ctx.rect(Math.max(x0, GUTTER), row.y, Math.min(x1, W) - Math.max(x0, GUTTER), row.h);
				ctx.clip();
				ctx.fillStyle = "#000";
				ctx.fillText(D.labels[lb[i]], Math.max(x0, GUTTER) + 3, row.y + row.h - 4);
				ctx.restore();
			}
			i++;
			continue;
		}
		/* narrower than a pixel: this column's spans as one */
		var col = Math.floor(x0 - GUTTER), tEnd = v0 + (col + 1) / k;
		var j = Math.max(lower(s, tEnd, i, n), i + 1);
		var same = lb[i] === lb[j - 1];
		var fill = same ? colour(lb[i]) : "#8a8a8a";
		ctx.globalAlpha = j - i > 1 ? 0.55 : 1;	/* merged: paler */
		var ok = rect(GUTTER + col, GUTTER + col + 1, row.y, row.h, fill);
		ctx.globalAlpha = 1;
		if (ok)
			note({ cpu: L.cpu, depth: L.depth, x0: GUTTER + col, x1: GUTTER + col + 1, t0: s[i], t1: e[j - 1],
			       label: same ? D.labels[lb[i]] : null, n: j - i });
		/* the column's last span may go on into the next ones */
		if (e[j - 1] > tEnd) {
			var xe = px(e[j - 1]);
			if (rect(GUTTER + col + 1, xe, row.y, row.h, colour(lb[j - 1])))
				note({ cpu: L.cpu, depth: L.depth, x0: GUTTER + col + 1, x1: xe, t0: s[j - 1], t1: e[j - 1], label: D.labels[lb[j - 1]], n: 1, tail: true });
		}
		i = j;
	}
}

function drawInstants(g) {
	var I = inst[g.cpu];
	if (!I || g.yi === undefined)
		return;
	var t = I.t, n = t.length, i = lower(t, v0, 0, n), lastCol = -1, lastText = -1e9;
	for (; i < n && t[i] <= v1; i++) {
		var x = Math.round(px(t[i])), ev = D.instants[I.ix[i]];
		if (x === lastCol)
			continue;	/* one tick per pixel column */
		lastCol = x;
		var mark = /^mark: /.test(D.labels[ev[2]]);
		ctx.fillStyle = mark ? "#d60" : "#555";
		ctx.fillRect(x - 1, g.yi, 2, ROWI);
		if (mark) {
			ctx.beginPath();
			ctx.moveTo(x - 4, g.yi); ctx.lineTo(x + 4, g.yi); ctx.lineTo(x, g.yi + 5);
			ctx.fill();
			ctx.fillStyle = "rgba(221,102,0,0.35)";
			ctx.fillRect(x, g.y + GAP, 1, g.yi - g.y - GAP);
			if (x - lastText > 80) {
				ctx.fillStyle = "#a40";
				ctx.fillText(D.labels[ev[2]].slice(6, 30), x + 5, g.yi + ROWI - 1);
				lastText = x;
			}
		}
		note({ cpu: g.cpu, instant: true, x0: x, t0: t[i], label: D.labels[ev[2]] });
	}
}

function drawLost(g) {
	(lostBy[g.cpu] || []).forEach(function (l) {
		if (l[1] < v0 || l[0] > v1)
			return;
		var x0 = Math.max(px(l[0]), GUTTER), x1 = Math.max(Math.min(px(l[1]), W), x0 + 2);
		ctx.save();
		ctx.fillStyle = "rgba(220,0,0,0.18)";
		ctx.fillRect(x0, g.y + 2, x1 - x0, g.h - 2);
		ctx.strokeStyle = "rgba(200,0,0,0.6)";
		ctx.beginPath();
		ctx.rect(x0, g.y + 2, x1 - x0, g.h - 2);
		ctx.clip();
		for (var x = x0 - g.h; x < x1; x += 8) {
			ctx.moveTo(x, g.y + g.h);
			ctx.lineTo(x + g.h, g.y);
		}
		ctx.stroke();
		ctx.restore();
		ctx.fillStyle = "#b00";
		ctx.fillText((l[2] === null ? "events" : l[2]) + " lost", x0 + 2, g.y + GAP + ROW0 - 4);
		note({ cpu: g.cpu, lost: l[2], x0: x0, x1: x1, t0: l[0], t1: l[1] });
	});
}

function drawRuler() {
	var span = v1 - v0, w = W - GUTTER;
	var step = Math.pow(10, Math.floor(Math.log10(span * 90 / w)));
	[1, 2, 5, 10].some(function (m) {
		if (step * m * w / span >= 90) { step *= m; return true; }
		return false;
	});
	ctx.fillStyle = "#eee";
	ctx.fillRect(0, 0, W, RULER);
	ctx.fillStyle = "#333";
	ctx.strokeStyle = "#ccc";
	ctx.beginPath();
	for (var t = Math.ceil(v0 / step) * step; t <= v1; t += step) {
		var x = Math.round(px(t)) + 0.5;
		ctx.moveTo(x, RULER - 8);
		ctx.lineTo(x, H);
		ctx.fillText(fmt(t, step), x + 3, RULER - 12);
	}
	ctx.stroke();
	ctx.fillText("from start", 4, RULER - 12);
}

function draw() {
	var t0 = performance.now();
	drawn = [];
	ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
	ctx.clearRect(0, 0, W, H);
	ctx.font = "11px system-ui, sans-serif";
	drawRuler();
	layout.forEach(function (g, gi) {
		ctx.fillStyle = gi % 2 ? "#f4f4f4" : "#fff";
		ctx.fillRect(GUTTER, g.y + 2, W - GUTTER, g.h - 2);
		g.rows.forEach(function (row) {
			var L = lanes[g.cpu + "/" + row.depth];
			if (L)
				drawLane(L, row);
		});
		drawInstants(g);
		drawLost(g);
	});
	ctx.fillStyle = "#fafafa";
	ctx.fillRect(0, RULER, GUTTER - 2, H);
	$("range").textContent = fmt(v0, (v1 - v0) / 100) + " \u2013 " + fmt(v1, (v1 - v0) / 100) +
		" (" + dur(v1 - v0) + " shown, drawn in " + (performance.now() - t0).toFixed(1) + " ms)";
	if (dump)
		$("ltt-drawn").textContent = JSON.stringify({ W: W, gutter: GUTTER, begin_ns: D.begin_ns, v0: v0, v1: v1,
			row_y: Object.fromEntries(layout.map(function (g) { return [g.cpu, g.rows[0].y]; })), items: drawn });
}

function resize() {
	dpr = window.devicePixelRatio || 1;
	W = cv.clientWidth;
	cv.width = Math.round(W * dpr);
	cv.height = Math.round(H * dpr);
	cv.style.height = H + "px";
	draw();
}

/* -- interaction ------------------------------------------------------- */

function setView(a, b) {
	var minSpan = 1000;	/* 1 us over the whole width at most */
	if (b - a < minSpan) {
		var c = (a + b) / 2;
		a = c - minSpan / 2;
		b = c + minSpan / 2;
	}
	var d = D.dur || 1, w = b - a;
	if (w > d * 1.05) { a = -d * 0.025; b = d * 1.025; }
	else if (a < -d * 0.025) { a = -d * 0.025; b = a + w; }
	else if (b > d * 1.025) { b = d * 1.025; a = b - w; }
	v0 = a; v1 = b;
	draw();
}

function zoom(f, x) {
	var t = x === undefined ? (v0 + v1) / 2 : v0 + (x - GUTTER) * (v1 - v0) / (W - GUTTER);
	setView(t - (t - v0) * f, t + (v1 - t) * f);
}

function pan(f) { var w = v1 - v0; setView(v0 + w * f, v1 + w * f); }

function whole() { var d = D.dur || 1; setView(-d * 0.01, d * 1.01); }

function hit(x, y) {
	var t = v0 + (x - GUTTER) * (v1 - v0) / (W - GUTTER), tol = (v1 - v0) / (W - GUTTER);
	for (var gi = 0; gi < layout.length; gi++) {
		var g = layout[gi];
		var lost = (lostBy[g.cpu] || []).filter(function (l) { return y >= g.y && y < g.y + g.h && t >= l[0] - tol && t <= l[1] + tol; });
		for (var ri = 0; ri < g.rows.length; ri++) {
			var row = g.rows[ri];
			if (y < row.y || y >= row.y + row.h)
				continue;
			var L = lanes[g.cpu + "/" + row.depth];
			if (!L)
				break;
			var i = lower(L.end, t - tol / 2, 0, L.n);
			if (i >= L.n || L.start[i] > t + tol / 2)
				break;
			var j = lower(L.start, t + tol / 2, i, L.n), lb = L.label[i], det = L.detail[i];
			var s = D.labels[lb] + "  (" + CAT[D.label_cat[lb]] + ", CPU " + g.cpu + ")\n" +
				"start " + fmt(L.start[i]) + ", lasts " + dur(L.end[i] - L.start[i]) + "\n";
			if (det >= 0)
				s += D.details[det] + "\n";
			else if (D.details_dropped && D.label_cat[lb] !== 0)
				s += "(fields not kept: see the notice)\n";
			if (j - i > 1)
				s += "\n" + (j - i) + " spans in this pixel column, merged: zoom in to see each";
			return s + lostText(lost);
		}
		if (g.yi !== undefined && y >= g.yi && y < g.yi + ROWI && inst[g.cpu]) {
			var I = inst[g.cpu], k = lower(I.t, t - 3 * tol, 0, I.t.length);
			var m = lower(I.t, t + 3 * tol, k, I.t.length);
			if (m > k) {
				var ev = D.instants[I.ix[k]];
				return fmt(ev[1]) + "  CPU " + g.cpu + "\n" + (ev[3] >= 0 ? D.details[ev[3]] : D.labels[ev[2]]) +
					(m - k > 1 ? "\n\n" + (m - k) + " instants here, merged: zoom in" : "") + lostText(lost);
			}
		}
		if (lost.length)
			return lostText(lost).slice(1);
	}
	return null;
}

function lostText(lost) {
	return lost.map(function (l) {
		return "\n" + (l[2] === null ? "an unknown number of" : l[2]) + " events lost between " +
			fmt(l[0]) + " and " + fmt(l[1]) + " (buffers full: the consumer could not keep up)";
	}).join("");
}

function setup() {
	cv = $("cv");
	ctx = cv.getContext("2d");
	doLayout();
	var tip = $("tip"), drag = null;
	cv.addEventListener("wheel", function (e) {
		e.preventDefault();
		var r = cv.getBoundingClientRect();
		if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY))
			pan((e.deltaX || e.deltaY) / 800);
		else
			zoom(Math.pow(1.0015, e.deltaY), e.clientX - r.left);
	}, { passive: false });
	cv.addEventListener("mousedown", function (e) { drag = { x: e.clientX, a: v0, b: v1 }; });
	window.addEventListener("mouseup", function () { drag = null; });
	cv.addEventListener("dblclick", function (e) { zoom(e.shiftKey ? 2 : 0.5, e.clientX - cv.getBoundingClientRect().left); });
	cv.addEventListener("mousemove", function (e) {
		var r = cv.getBoundingClientRect(), x = e.clientX - r.left, y = e.clientY - r.top;
		if (drag) {
			var dt = (e.clientX - drag.x) * (drag.b - drag.a) / (W - GUTTER);
			setView(drag.a - dt, drag.b - dt);
			tip.hidden = true;
			return;
		}
		var s = x > GUTTER ? hit(x, y) : null;
		if (!s) { tip.hidden = true; return; }
		tip.textContent = s;
		tip.hidden = false;
		tip.style.left = Math.min(x + 14, W - 300) + "px";
		tip.style.top = (y + 16) + "px";
	});
	cv.addEventListener("mouseleave", function () { tip.hidden = true; });
	window.addEventListener("keydown", function (e) {
		var a = { w: function () { zoom(0.5); }, s: function () { zoom(2); }, a: function () { pan(-0.25); },
			  d: function () { pan(0.25); }, "0": whole }[e.key];
		if (a) a();
	});
	$("zin").onclick = function () { zoom(0.5); };
	$("zout").onclick = function () { zoom(2); };
	$("left").onclick = function () { pan(-0.25); };
	$("right").onclick = function () { pan(0.25); };
	$("all").onclick = whole;
	window.addEventListener("resize", resize);
	var h = {};
	location.hash.slice(1).split("&").forEach(function (kv) { var p = kv.split("="); h[p[0]] = p[1]; });
	var d = D.dur || 1;
	v0 = h.t0 !== undefined ? +h.t0 : -d * 0.01;
	v1 = h.t1 !== undefined ? +h.t1 : d * 1.01;
	resize();
}

/* -- the side panel ---------------------------------------------------- */

function el(tag, text, cls) {
	var e = document.createElement(tag);
	if (text !== undefined)
		e.textContent = text;
	if (cls)
		e.className = cls;
	return e;
}

function table(parent, id, heads, rows) {
	var t = el("table");
	t.id = id;
	var tr = el("tr");
	heads.forEach(function (h, i) { tr.appendChild(el("th", h, i ? "" : "l")); });
	t.appendChild(tr);
	rows.forEach(function (r) {
		var tr = el("tr");
		r.cells.forEach(function (c, i) { tr.appendChild(el("td", c, r.cls && r.cls[i] || (i ? "" : "l"))); });
		if (r.attr)
			for (var a in r.attr)
				tr.setAttribute(a, r.attr[a]);
		if (r.trc)
			tr.className = r.trc;
		t.appendChild(tr);
	});
	parent.appendChild(t);
}

function ms(ns) { return (ns / 1e6).toFixed(3); }

function side() {
	var S = D.summary, a = $("side");
	a.appendChild(el("h2", "Trace"));
	a.appendChild(el("p", D.events + " events on " + D.cpus.length + " CPUs over " + dur(D.dur) +
		", from " + D.begin_ns + " ns (the clock's origin)."));
	a.appendChild(el("h2", "Per CPU"));
	table(a, "sum-cpu", ["CPU", "busy ms", "busy %", "lost"], S.cpus.map(function (c) {
		return { cells: ["CPU " + c.cpu, ms(c.busy_ns), c.busy_pct.toFixed(1), String(c.lost)],
			 attr: { "data-cpu": c.cpu, "data-busy-ns": c.busy_ns }, trc: c.lost ? "lost" : "" };
	}));
	a.appendChild(el("h2", "Lost events"));
	if (!D.lost.length)
		a.appendChild(el("p", "None: every event the kernel recorded is in the trace."));
	else
		table(a, "sum-lost", ["CPU", "from", "to", "events"], D.lost.map(function (l) {
			return { cells: [l[0] === null ? "?" : "CPU " + l[0], fmt(l[1]), fmt(l[2]), l[3] === null ? "?" : String(l[3])],
				 attr: { "data-cpu": l[0], "data-t0": l[1], "data-t1": l[2], "data-count": l[3] }, trc: "lost" };
		}));
	a.appendChild(el("h2", "Per process (top " + S.procs.length + " of " + S.procs_total + " by CPU time)"));
	table(a, "sum-proc", ["process [pid]", "CPU ms", "calls", "top system calls: count, ms"], S.procs.map(function (p) {
		return { cells: [p.name + " [" + p.pid + "]", ms(p.cpu_ns), String(p.syscalls),
				 p.top.map(function (c) { return c[0].replace(/^sys_/, "") + " " + c[1] + ", " + ms(c[2]); }).join("; ")],
			 cls: ["l", "", "", "top"], attr: { "data-pid": p.pid, "data-cpu-ns": p.cpu_ns } };
	}));
	a.appendChild(el("h2", "System calls (all processes)"));
	if (!S.syscalls.length)
		a.appendChild(el("p", "None recorded (sys_* events were not enabled)."));
	else
		table(a, "sum-sys", ["call", "count", "total ms"], S.syscalls.map(function (c) {
			return { cells: [c[0], String(c[1]), ms(c[2])] };
		}));
	a.appendChild(el("h2", "Events by name"));
	table(a, "sum-events", ["event", "count"], S.events.map(function (c) { return { cells: [c[0], String(c[1])] }; }));
	a.appendChild(el("p", "System call time is from entry to exit (wall time, blocking included); CPU time is the time on a CPU between sched_switch events."));
}

function notice() {
	var n = D.lanes.reduce(function (s, l) { return s + l.n; }, 0);
	var s = n + " spans, " + D.instants.length + " instants. Spans narrower than a pixel are merged per pixel column: " +
		"paler, coloured as the span when the column holds one kind, grey when it mixes several (zoom in to separate them); " +
		"one tick per pixel column for instants. Idle time is blank.";
	if (D.details_dropped)
		s += " Hover fields were kept for the first " + D.details.length + " spans and instants only (" +
			D.details_dropped + " left out to keep this page small).";
	if (D.lost.length)
		s += " Red hatched regions: events lost (buffers full), the trace is incomplete there.";
	$("notice").textContent = s;
}

/* #bench: frames from the whole trace down to 1/4096 of it, panning at
 * each zoom. Logged to the console, whose log lines (chromium
 * --enable-logging=stderr) carry the real time even under headless
 * Chromium's virtual time: doc/view.md has the figures. */
function bench() {
	var d = D.dur || 1, n = 0;
	console.log("ltt-bench: rendered");
	for (var z = 1; z <= 4096; z *= 2) {
		for (var p = 0; p < 4; p++, n++) {
			var w = d / z, c = d * (p + 0.5) / 4;
			setView(c - w / 2, c + w / 2);
		}
	}
	console.log("ltt-bench: " + n + " frames drawn");
}

function main() {
	var node = $("ltt-data");
	if (/bench/.test(location.hash))
		console.log("ltt-bench: start");
	var b = /bench/.test(location.hash);
	inflate(b64bytes(node.textContent)).then(function (buf) {
		node.textContent = "";	/* the base64 text is not needed again */
		if (b)
			console.log("ltt-bench: inflated");
		load(buf);
		if (b)
			console.log("ltt-bench: loaded");
		notice();
		side();
		setup();
		document.body.setAttribute("data-state", "rendered");
		if (/bench/.test(location.hash))
			bench();
	}).catch(function (e) {
		$("notice").textContent = "Cannot read the page's data: " + e;
		console.error("ltt-view: " + (e && e.stack || e));
	});
}

main();
