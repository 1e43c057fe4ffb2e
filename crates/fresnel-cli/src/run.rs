//! `fresnel run FILE`: compiles one shader to the IR and runs it in the interpreter.
//!
//! * vertex (and other non-fragment, non-compute stages): `--count N` invocations; the
//!   vertices a geometry shader emits are listed under `emitted` (arrayed inputs such as
//!   `gl_in[i].gl_Position` are the input `gl_Position` with every element's scalars);
//! * fragment: one fragment, or every pixel of `--grid WxH` (and `--png OUT.png` writes the
//!   colour output, location 0, as 8-bit RGBA; window row 0 is the bottom row of the image,
//!   as in OpenGL);
//! * compute: `--groups X,Y,Z` workgroups.
//!
//! `--spec ID=VALUE` specializes a specialization constant (`layout(constant_id = ID)` or a
//! `local_size_*_id`), as pipeline creation does.
//!
//! Inputs and uniforms come from `--input name=v,v,..` / `--uniform name=v,v,..` (the same
//! value for every invocation; uniforms accept GL paths like `s.a` or `arr[1]`) or from a
//! JSON file (`--json FILE`):
//! `{"inputs": {"name": [v, ..] or [[v, ..] per invocation]}, "uniforms": {"name": [v, ..]},
//!   "buffers": {"Block": [u32 words]}, "count": N}`.
//! `--texture NAME=checker:WxH` or `NAME=gradient:WxH` (`,linear` for linear filtering with
//! mipmaps) binds a generated 2D texture to a sampler.
//! The outputs are printed as JSON: every output variable per invocation, discarded
//! fragments, storage buffers as 32-bit words, and the instructions executed.

use std::path::Path;

use fresnel_interp::{Fragment, Interp, Leaf, Scalar};
use fresnel_ir::{Stage, VarMode};
use serde_json::{json, Map, Value as Json};

/// What `fresnel run` was asked.
#[derive(Clone, Debug, Default)]
pub struct RunArgs {
    pub inputs: Vec<String>,
    pub uniforms: Vec<String>,
    pub json: Option<std::path::PathBuf>,
    pub grid: Option<String>,
    pub png: Option<std::path::PathBuf>,
    pub count: Option<usize>,
    pub groups: Option<String>,
    pub max_instructions: Option<u64>,
    /// Textures: `NAME=checker:WxH`, `NAME=gradient:WxH` (2D; add `,linear` for linear
    /// filtering with mipmaps).
    pub textures: Vec<String>,
    /// Runs this many times (at least once) and reports the speed on standard error.
    pub repeat: u32,
    /// Specialization constants: `ID=VALUE` (`layout(constant_id = ID)`, or a
    /// `local_size_*_id`), the value converted to the constant's type.
    pub spec: Vec<String>,
}

fn parse_scalar(s: &str) -> Result<Scalar, String> {
    let t = s.trim();
    match t {
        "true" => return Ok(Scalar::Bool(true)),
        "false" => return Ok(Scalar::Bool(false)),
        _ => {}
    }
    let is_float = t.contains(['.', 'e', 'E']) || t.contains("inf") || t.contains("nan");
    if !is_float {
        if let Some(h) = t.strip_prefix("0x") {
            return u64::from_str_radix(h, 16)
                .map(Scalar::Uint)
                .map_err(|e| format!("`{t}`: {e}"));
        }
        if let Ok(i) = t.parse::<i64>() {
            return Ok(Scalar::Int(i));
        }
    }
    t.parse::<f64>()
        .map(Scalar::Float)
        .map_err(|_| format!("`{t}` is not a number or boolean"))
}

fn parse_assignment(a: &str) -> Result<(String, Vec<Scalar>), String> {
    let (name, vals) = a
        .split_once('=')
        .ok_or_else(|| format!("`{a}`: expected name=v,v,..."))?;
    let vals = vals
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(parse_scalar)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((name.trim().to_string(), vals))
}

fn json_scalar(v: &Json) -> Result<Scalar, String> {
    match v {
        Json::Bool(b) => Ok(Scalar::Bool(*b)),
        Json::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(Scalar::Int(i))
            } else if let Some(u) = n.as_u64() {
                Ok(Scalar::Uint(u))
            } else {
                Ok(Scalar::Float(n.as_f64().unwrap_or(0.0)))
            }
        }
        Json::String(s) => parse_scalar(s),
        other => Err(format!("`{other}` is not a scalar")),
    }
}

fn json_scalars(v: &Json) -> Result<Vec<Scalar>, String> {
    match v {
        Json::Array(a) => a.iter().map(json_scalar).collect(),
        other => Ok(vec![json_scalar(other)?]),
    }
}

fn decode_json(bits: u64, leaf: Leaf) -> Json {
    match Scalar::decode(bits, leaf) {
        Scalar::Float(f) if f.is_finite() => json!(f),
        Scalar::Float(f) => json!(f.to_string()),
        Scalar::Int(i) => json!(i),
        Scalar::Uint(u) => json!(u),
        Scalar::Bool(b) => json!(b),
    }
}

fn parse_dims<const N: usize>(s: &str, sep: char, what: &str) -> Result<[u32; N], String> {
    let parts: Vec<&str> = s.split(sep).collect();
    if parts.len() != N {
        return Err(format!("{what}: expected {N} numbers separated by `{sep}`"));
    }
    let mut out = [0u32; N];
    for (o, p) in out.iter_mut().zip(parts) {
        *o = p
            .trim()
            .parse()
            .map_err(|_| format!("{what}: `{p}` is not a number"))?;
    }
    Ok(out)
}

/// A generated 2D texture: `NAME=checker:WxH[,linear]` (8x8-texel black and white squares)
/// or `NAME=gradient:WxH[,linear]` (red = x, green = y, in [0, 1]).
fn parse_texture(spec: &str) -> Result<(String, fresnel_interp::Texture), String> {
    let (name, rest) = spec
        .split_once('=')
        .ok_or_else(|| format!("--texture {spec}: expected NAME=KIND:WxH"))?;
    let (rest, linear) = match rest.strip_suffix(",linear") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let (kind, dims) = rest
        .split_once(':')
        .ok_or_else(|| format!("--texture {spec}: expected KIND:WxH"))?;
    let [w, h] = parse_dims::<2>(dims, 'x', "--texture")?;
    if w == 0 || h == 0 || u64::from(w) * u64::from(h) > 1 << 22 {
        return Err(format!("--texture {spec}: at most {} texels", 1 << 22));
    }
    let level = match kind {
        "checker" => fresnel_interp::Level::from_fn(w, h, 1, |x, y, _| {
            let v = if (x / 8 + y / 8) % 2 == 0 { 1.0 } else { 0.0 };
            [v, v, v, 1.0]
        }),
        "gradient" => fresnel_interp::Level::from_fn(w, h, 1, |x, y, _| {
            [
                (f64::from(x) + 0.5) / f64::from(w),
                (f64::from(y) + 0.5) / f64::from(h),
                0.0,
                1.0,
            ]
        }),
        _ => {
            return Err(format!(
                "--texture {spec}: unknown kind `{kind}` (checker, gradient)"
            ))
        }
    };
    let mut t = fresnel_interp::Texture::new(fresnel_ir::SamplerDim::D2, false, level);
    if linear {
        t.generate_mipmaps();
        t.min_filter = fresnel_interp::Filter::Linear;
        t.mag_filter = fresnel_interp::Filter::Linear;
        t.mip_filter = fresnel_interp::MipFilter::Linear;
    }
    Ok((name.trim().to_string(), t))
}

/// Largest grid accepted by `--grid`.
const MAX_GRID: u64 = 4096 * 4096;

/// Runs the shader; returns the JSON text (or an error message).
pub fn run(shader: &fresnel_ir::Shader, args: &RunArgs) -> Result<String, String> {
    let mut it = Interp::new(shader).map_err(|e| e.to_string())?;
    if let Some(m) = args.max_instructions {
        it.limits.max_instructions = m;
    }
    for s in &args.spec {
        let (id, v) = s
            .split_once('=')
            .ok_or_else(|| format!("--spec {s}: expected ID=VALUE"))?;
        let id: u32 = id
            .trim()
            .parse()
            .map_err(|_| format!("--spec {s}: `{id}` is not a specialization constant id"))?;
        let v = parse_scalar(v).map_err(|e| format!("--spec {s}: {e}"))?;
        it.set_spec_constant_scalar(id, v)
            .map_err(|e| format!("--spec {s}: {e}"))?;
    }
    let doc: Json = match &args.json {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))?
        }
        None => Json::Object(Map::new()),
    };
    let stage = shader.stage;
    // How many invocations the inputs describe.
    let (frags, count): (Vec<Fragment>, usize) = match stage {
        Stage::Fragment => match &args.grid {
            Some(g) => {
                let [w, h] = parse_dims::<2>(g, 'x', "--grid")?;
                if u64::from(w) * u64::from(h) > MAX_GRID || w == 0 || h == 0 {
                    return Err(format!("--grid {g}: at most {MAX_GRID} pixels"));
                }
                let f: Vec<Fragment> = (0..h)
                    .flat_map(|y| (0..w).map(move |x| Fragment { x, y }))
                    .collect();
                let n = f.len();
                (f, n)
            }
            None => (vec![Fragment { x: 0, y: 0 }], 1),
        },
        _ => {
            let n = args
                .count
                .or_else(|| doc.get("count").and_then(Json::as_u64).map(|c| c as usize))
                .unwrap_or(1);
            (Vec::new(), n)
        }
    };
    // Inputs.
    let mut inputs: Vec<(String, Vec<Vec<Scalar>>)> = Vec::new();
    if let Some(Json::Object(m)) = doc.get("inputs") {
        for (k, v) in m {
            let per: Vec<Vec<Scalar>> = match v {
                Json::Array(a) if a.iter().all(Json::is_array) => {
                    a.iter().map(json_scalars).collect::<Result<_, _>>()?
                }
                other => vec![json_scalars(other)?],
            };
            inputs.push((k.clone(), per));
        }
    }
    for a in &args.inputs {
        let (n, v) = parse_assignment(a)?;
        inputs.push((n, vec![v]));
    }
    for (name, per) in inputs {
        let var = shader
            .vars
            .iter()
            .find(|(_, v)| v.name == name && v.mode == VarMode::ShaderIn)
            .map(|(id, _)| id)
            .ok_or_else(|| format!("the shader has no input `{name}`"))?;
        let leaves = it.leaves(var);
        let rows: Vec<Vec<u64>> = (0..count)
            .map(|i| {
                let vals = per
                    .get(i)
                    .or_else(|| per.last())
                    .cloned()
                    .unwrap_or_default();
                leaves
                    .iter()
                    .enumerate()
                    .map(|(k, l)| vals.get(k).map_or(0, |s| s.encode(*l)))
                    .collect()
            })
            .collect();
        it.set_input(&name, rows).map_err(|e| e.to_string())?;
    }
    // Uniforms.
    let mut uniforms: Vec<(String, Vec<Scalar>)> = Vec::new();
    if let Some(Json::Object(m)) = doc.get("uniforms") {
        for (k, v) in m {
            uniforms.push((k.clone(), json_scalars(v)?));
        }
    }
    for a in &args.uniforms {
        uniforms.push(parse_assignment(a)?);
    }
    for (name, vals) in uniforms {
        if it.set_uniform_path(&name, &vals).is_err() {
            it.set_block_member(&name, &vals)
                .map_err(|e| e.to_string())?;
        }
    }
    for t in &args.textures {
        let (name, tex) = parse_texture(t)?;
        it.bind_texture(&name, 0, tex).map_err(|e| e.to_string())?;
    }
    if let Some(Json::Object(m)) = doc.get("buffers") {
        for (k, v) in m {
            let words = json_scalars(v)?;
            let mut bytes = Vec::with_capacity(words.len() * 4);
            for w in words {
                let x = w.encode(Leaf::Uint(32)) as u32;
                bytes.extend_from_slice(&x.to_le_bytes());
            }
            it.set_buffer(k, bytes).map_err(|e| e.to_string())?;
        }
    }
    // Run.
    let start = std::time::Instant::now();
    for _ in 1..args.repeat {
        match stage {
            Stage::Fragment => it.run_fragment(&frags),
            Stage::Compute => it.run_compute(match &args.groups {
                Some(g) => parse_dims::<3>(g, ',', "--groups")?,
                None => [1, 1, 1],
            }),
            _ => it.run_vertex(count),
        }
        .map_err(|e| e.to_string())?;
    }
    let invocations = match stage {
        Stage::Fragment => {
            it.run_fragment(&frags).map_err(|e| e.to_string())?;
            frags.len()
        }
        Stage::Compute => {
            let g = match &args.groups {
                Some(g) => parse_dims::<3>(g, ',', "--groups")?,
                None => [1, 1, 1],
            };
            it.run_compute(g).map_err(|e| e.to_string())?;
            let ls = it.local_size();
            (g.iter().map(|&x| x as usize).product::<usize>())
                * (ls.iter().map(|&x| x.max(1) as usize).product::<usize>())
        }
        _ => {
            it.run_vertex(count).map_err(|e| e.to_string())?;
            count
        }
    };
    if args.repeat > 1 {
        let secs = start.elapsed().as_secs_f64();
        let total = invocations as f64 * f64::from(args.repeat);
        eprintln!(
            "{} runs of {invocations} invocations in {secs:.3} s: {:.0} invocations/s, {:.1} M lane-instructions/s",
            args.repeat,
            total / secs,
            it.instructions_executed() as f64 * f64::from(args.repeat) / secs / 1e6
        );
    }
    // Outputs.
    let mut outputs = Map::new();
    for (name, id) in it.output_vars() {
        let leaves = it.leaves(id);
        let per: Vec<Json> = it
            .output(&name)
            .unwrap_or(&[])
            .iter()
            .map(|slots| {
                Json::Array(
                    slots
                        .iter()
                        .zip(&leaves)
                        .map(|(b, l)| decode_json(*b, *l))
                        .collect(),
                )
            })
            .collect();
        outputs.insert(name, Json::Array(per));
    }
    let mut buffers = Map::new();
    for (_, v) in shader.vars.iter() {
        if v.mode == VarMode::Ssbo {
            if let Some(b) = it.buffer(&v.name) {
                let words: Vec<Json> = b
                    .chunks(4)
                    .map(|c| {
                        let mut w = [0u8; 4];
                        w[..c.len()].copy_from_slice(c);
                        json!(u32::from_le_bytes(w))
                    })
                    .collect();
                buffers.insert(v.name.clone(), Json::Array(words));
            }
        }
    }
    let mut out = Map::new();
    // Vertices emitted by a geometry shader, per invocation.
    if it.emitted().iter().any(|e| !e.is_empty()) {
        let per: Vec<Json> = it
            .emitted()
            .iter()
            .map(|list| {
                Json::Array(
                    list.iter()
                        .map(|e| {
                            let mut o = Map::new();
                            for (id, slots) in &e.outputs {
                                let leaves = it.leaves(*id);
                                o.insert(
                                    shader.vars[*id].name.clone(),
                                    Json::Array(
                                        slots
                                            .iter()
                                            .zip(&leaves)
                                            .map(|(b, l)| decode_json(*b, *l))
                                            .collect(),
                                    ),
                                );
                            }
                            if e.end_primitive {
                                json!({"end_primitive": true, "stream": e.stream})
                            } else {
                                json!({"vertex": Json::Object(o), "stream": e.stream})
                            }
                        })
                        .collect(),
                )
            })
            .collect();
        out.insert("emitted".into(), Json::Array(per));
    }
    out.insert("stage".into(), json!(stage.name()));
    out.insert("invocations".into(), json!(invocations));
    out.insert("outputs".into(), Json::Object(outputs));
    if stage == Stage::Fragment {
        out.insert("discarded".into(), json!(it.discarded()));
    }
    if !buffers.is_empty() {
        out.insert("buffers".into(), Json::Object(buffers));
    }
    out.insert(
        "instructions_executed".into(),
        json!(it.instructions_executed()),
    );
    if let (Some(png_path), Some(g)) = (&args.png, &args.grid) {
        let [w, h] = parse_dims::<2>(g, 'x', "--grid")?;
        write_png(&it, shader, &frags, w, h, png_path)?;
    }
    serde_json::to_string_pretty(&Json::Object(out)).map_err(|e| e.to_string())
}

/// The colour output (location 0, or the only output) of every fragment as RGBA8.
fn write_png(
    it: &Interp<'_>,
    shader: &fresnel_ir::Shader,
    frags: &[Fragment],
    w: u32,
    h: u32,
    path: &Path,
) -> Result<(), String> {
    let outs: Vec<(String, fresnel_ir::VarId)> = it
        .output_vars()
        .into_iter()
        .filter(|(_, id)| !shader.vars[*id].builtin || shader.vars[*id].name.starts_with("gl_Frag"))
        .collect();
    let (name, id) = outs
        .iter()
        .find(|(_, id)| shader.vars[*id].location == Some(0))
        .or_else(|| outs.first())
        .cloned()
        .ok_or("the fragment shader has no colour output")?;
    let leaves = it.leaves(id);
    let vals = it.output(&name).unwrap_or(&[]);
    let mut pixels = vec![0u8; (w as usize) * (h as usize) * 4];
    for (i, f) in frags.iter().enumerate() {
        if it.discarded().get(i).copied().unwrap_or(true) {
            continue;
        }
        let row = (h - 1 - f.y) as usize;
        let base = (row * w as usize + f.x as usize) * 4;
        let mut px = [0u8, 0, 0, 255];
        if let Some(slots) = vals.get(i) {
            for (c, p) in px.iter_mut().enumerate() {
                if let (Some(b), Some(l)) = (slots.get(c), leaves.get(c)) {
                    let v = match Scalar::decode(*b, *l) {
                        Scalar::Float(x) => x,
                        Scalar::Int(x) => x as f64,
                        Scalar::Uint(x) => x as f64,
                        Scalar::Bool(x) => f64::from(u8::from(x)),
                    };
                    *p = if v.is_nan() {
                        0
                    } else {
                        (v.clamp(0.0, 1.0) * 255.0).round() as u8
                    };
                }
            }
        }
        pixels[base..base + 4].copy_from_slice(&px);
    }
    let file =
        std::fs::File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut wr = enc
        .write_header()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    wr.write_image_data(&pixels)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(())
}
