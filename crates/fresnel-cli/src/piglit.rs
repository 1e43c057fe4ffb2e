//! `fresnel piglit`: runs piglit `.shader_test` files on the interpreter, as piglit's
//! `shader_runner` runs them on a GL driver, and checks their probes.
//!
//! What is run: the GLSL vertex and fragment shaders of the test (a `[vertex shader
//! passthrough]` is the runner's `gl_Position = piglit_vertex` shader), and these `[test]`
//! commands, in order:
//!
//! * `clear color R G B A`, `clear`;
//! * `uniform TYPE NAME VALUE...` (default-block uniforms by GL path, `s.a`, `arr[2]`, and
//!   members of uniform blocks; `ubo array index K` picks the element of an array of
//!   blocks);
//! * `draw rect [ortho] [tex] X Y W H [S T SW TH]`: two triangles with `piglit_vertex` /
//!   `gl_Vertex` at the corners (`ortho`: in window pixels) and `piglit_texcoord` /
//!   `gl_MultiTexCoord0` from (0, 0) to (1, 1) (`tex`: the rectangle given); every pixel
//!   whose centre a triangle covers is shaded, the other pixels of its 2x2 quad run as
//!   helper invocations with inputs extrapolated from the triangle (derivatives);
//! * `probe [all|rect] rgb|rgba ...` and `relative probe [rect] rgb|rgba ...`: the pixels,
//!   stored in an 8-bit RGBA framebuffer, against the expected colour with shader_runner's
//!   tolerance for 8-bit channels (3/256), or the one `tolerance R G B A` set;
//! * `link success` (a verdict of its own: a test that only links passes when its program
//!   links); `link error` when a shader of the test does not compile or the library
//!   linker's program checks (`fresnel_link::validate_program`) reject the program (which a
//!   program expected to link must pass). A program without a fragment shader is linked
//!   from the stages it has; if it draws, GL's fixed-function fragment stage (the primary
//!   colour) stands in for one in the compatibility profile (GLSL before 1.40 or
//!   `compatibility`);
//! * `ssbo N SIZE`, `ssbo N subdata TYPE OFFSET VALUE...`, `compute X Y Z` (the `[compute
//!   shader]` over that many work groups; `compute group size X Y Z LX LY LZ` with a
//!   variable workgroup size) and `probe ssbo TYPE N OFFSET OP VALUE...`: storage
//!   buffers by binding, shared by every stage that runs; atomic counter buffers
//!   (`atomic counters N`, `atomic counter buffer B N`, `atomic counter B I V`, `probe atomic
//!   counter ...`);
//! * `texture rgbw UNIT (W, H) [FORMAT]` and `texture checkerboard UNIT 0 (W, H) (RGBA) (RGBA)`
//!   (2D, 8-bit texels, nearest filtering, clamped), `texture miptree UNIT` (8x8, levels
//!   red, green, blue, white, nearest mipmap filtering), `texture rgbw 1DArray | 2DArray UNIT
//!   (SIZE..., LAYERS)` (layers red, green, blue, white in turn), the depth textures `texture shadow1D
//!   | shadow2D | shadowRect | shadow1DArray | shadow2DArray UNIT (SIZE...)` (a gradient
//!   from 0 at the left edge to 1 at the right, compared with `GL_GREATER`), and
//!   `texparameter TARGET min|mag FILTER`, `base_level N`, `max_level N`, `compare_func FUNC`,
//!   `depth_mode luminance` (the
//!   other depth modes are skipped: the legacy shadow functions' `(r, r, r, 1)` is compiled
//!   in); a sampler uniform reads the unit a `uniform int` command gave it, else its
//!   `layout(binding)` (GL's default, 0);
//! * `enable`/`disable GL_CLIP_PLANEn` (or `GL_CLIP_DISTANCEn`) and `clip plane N A B C D`: a
//!   fragment where an enabled plane's distance, interpolated, is below zero is clipped (the
//!   last stage's `gl_ClipDistance[n]`, else the plane's equation at its `gl_ClipVertex`,
//!   else at `gl_Position`); a triangle whose vertices all have one `gl_CullDistance` below
//!   zero is culled;
//! * `ortho` (the window in pixels) and `ortho L R B T`: the fixed-function projection;
//! * integers in decimal or hexadecimal, with a sign (`-0x40000000`), stored as the type's
//!   two's complement.
//!
//! * `draw arrays GL_TRIANGLES | GL_TRIANGLE_STRIP | GL_TRIANGLE_FAN | GL_QUADS FIRST COUNT`
//!   over `[vertex data]` (columns `NAME/TYPE/SIZE` by name or location; numbers decimal or
//!   signed hexadecimal);
//! * `draw instanced rect [ortho] [patch] N X Y W H` and `draw arrays instanced MODE FIRST
//!   COUNT N`: the draw N times with `gl_InstanceID` 0..N;
//! * `patch parameter vertices N`, `patch parameter default level outer|inner ...`, `draw
//!   arrays GL_PATCHES FIRST COUNT` and `draw rect [ortho] patch X Y W H` (one patch of the
//!   rectangle's four corners): with `[tessellation control shader]` (one run per patch, its
//!   invocations sharing the patch's outputs) and `[tessellation evaluation shader]`
//!   (triangles or quads, subdivided as the levels ask: `deqp/pipeline.rs`'s
//!   `tessellate` with `Subdivision::Levels`).
//!
//! A `[geometry shader]` runs per input primitive between the vertex (or tessellation) and
//! fragment shaders (`deqp/pipeline.rs`): triangles, or the points, lines, lines with
//! adjacency and triangles with adjacency of `draw arrays GL_POINTS | GL_LINES |
//! GL_LINE_STRIP | GL_LINE_LOOP | GL_LINES_ADJACENCY | GL_TRIANGLES_ADJACENCY`; its
//! triangle strips are rasterized (alternate triangles wound back, as GL's strips), and
//! the `gl_PrimitiveID` it writes at a provoking vertex reaches the fragment shader.
//! Without one, only triangles are drawn. The compatibility profile's vertex colours are
//! clamped to [0, 1].
//!
//! A test that needs anything else (other commands, other textures, isolines or point mode,
//! rasterized points and lines, geometry shaders emitting them, viewport arrays,
//! fixed-function vertex processing) is skipped with the reason, so the totals say what was
//! really executed.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use fresnel::{Options, SourceInput, TargetEnv, Version};
use fresnel_interp::{Fragment, Interp, Leaf, RasterFacts, Scalar};
use fresnel_ir::{Shader, Type, VarMode};
use fresnel_testfmt::piglit::{self, ShaderForm};
use fresnel_testfmt::Stage as TStage;

use crate::deqp::pipeline;

/// Most (pixel, triangle) coverage tests one draw may take.
const MAX_COVERAGE_TESTS: u64 = 1 << 28;
/// Most shaders of one stage (compilation units) a test may give.
const MAX_UNITS: usize = 64;
/// The window of shader_runner when the test does not ask for another (`SIZE W H`).
const DEFAULT_SIZE: [u32; 2] = [250, 250];
/// Largest window accepted from `SIZE`.
const MAX_PIXELS: u64 = 1 << 22;
/// Instruction budget of one stage run.
const MAX_INSTRUCTIONS: u64 = 200_000_000;
/// shader_runner's probe tolerance for 8-bit channels (`piglit_set_tolerance_for_bits`).
const TOLERANCE: [f64; 4] = [3.0 / 256.0; 4];

pub struct PiglitArgs {
    pub quiet: bool,
    pub per_file: bool,
    pub list_passing: bool,
    pub opt: fresnel_opt::OptLevel,
}

/// The result of one test file.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Pass,
    Fail(String),
    Skip(String),
}

/// Runs the files; prints failures and the totals; returns whether nothing failed.
pub fn main(files: &[PathBuf], args: &PiglitArgs) -> bool {
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = std::io::stdout().lock();
    for f in files {
        let name = f.display().to_string();
        let outcome = match std::fs::read(f) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                run_test(&text, args.opt)
            }
            Err(e) => Outcome::Fail(format!("cannot read: {e}")),
        };
        match &outcome {
            Outcome::Pass => {
                passed += 1;
                if args.list_passing {
                    let _ = writeln!(out, "{name}: pass");
                }
            }
            Outcome::Fail(why) => {
                failed += 1;
                if !args.quiet {
                    let _ = writeln!(out, "{name}: {why}");
                }
            }
            Outcome::Skip(why) => {
                skipped += 1;
                *reasons.entry(why.clone()).or_default() += 1;
            }
        }
        if args.per_file {
            let _ = writeln!(out, "file {name}: {}", describe(&outcome));
        }
    }
    for (why, n) in &reasons {
        let _ = writeln!(out, "skipped {n}: {why}");
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed, {skipped} skipped");
    failed == 0
}

fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Pass => "pass".into(),
        Outcome::Fail(w) => format!("fail ({w})"),
        Outcome::Skip(w) => format!("skip ({w})"),
    }
}

/// Runs one `.shader_test` text.
pub fn run_test(text: &str, opt: fresnel_opt::OptLevel) -> Outcome {
    let test = piglit::parse_shader_test(text);
    match Program::build(&test, opt) {
        Ok(Built::Program(p)) => p.run(&test),
        Ok(Built::Rejected(why)) => {
            if test.expects_link_error() {
                Outcome::Pass
            } else {
                Outcome::Fail(why)
            }
        }
        Err(skip) => Outcome::Skip(skip),
    }
}

/// The compiled program of a test.
struct Program {
    /// The vertex and fragment shaders (absent in a compute-only test).
    graphics: Option<(Shader, Shader)>,
    /// Tessellation control and evaluation shaders after the vertex shader.
    tcs: Option<Shader>,
    tes: Option<Shader>,
    /// A geometry shader before the fragment shader.
    gs: Option<Shader>,
    cs: Option<Shader>,
    size: [u32; 2],
    /// `[vertex data]`.
    vertex_data: Option<VertexData>,
}

enum Built {
    Program(Box<Program>),
    /// A shader did not compile (the message).
    Rejected(String),
}

/// The passthrough vertex shader of shader_runner, in the fragment shader's dialect.
fn passthrough_source(fs_source: &str, es: bool) -> String {
    let version = fs_source
        .lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("#version"))
        .map(|v| v.split_whitespace().collect::<Vec<_>>())
        .unwrap_or_default();
    let number: u32 = version.first().and_then(|n| n.parse().ok()).unwrap_or(0);
    let is_es = es || version.get(1) == Some(&"es");
    if is_es && number >= 300 {
        format!("#version {number} es\nin vec4 piglit_vertex;\nvoid main() {{ gl_Position = piglit_vertex; }}\n")
    } else if is_es {
        "#version 100\nattribute vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n"
            .into()
    } else if number >= 140 {
        format!("#version {number}\nin vec4 piglit_vertex;\nvoid main() {{ gl_Position = piglit_vertex; }}\n")
    } else {
        "#version 110\nattribute vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n"
            .into()
    }
}

/// Compiles one shader, with what the program's link checks need of it.
/// Compiles the shaders of one stage: several are compilation units linked into one
/// (`crate::units`), then optimized.
fn compile(
    srcs: &[String],
    stage: TStage,
    es: bool,
    opt: fresnel_opt::OptLevel,
) -> Result<(Shader, fresnel_link::ShaderFacts), String> {
    let mut units = Vec::with_capacity(srcs.len());
    let mut facts: Option<fresnel_link::ShaderFacts> = None;
    for (i, src) in srcs.iter().enumerate() {
        let (ir, f) = lower(src, stage, es)?;
        units.push((format!("unit {}", i + 1), ir));
        match &mut facts {
            Some(all) => all.absorb(f),
            None => facts = Some(f),
        }
    }
    let lang = crate::units::UnitLang {
        implicit_conversions: !es,
        es,
    };
    let linked = crate::units::link_stage_units(units, &vec![lang; srcs.len()])
        .map_err(|e| format!("{} shader: link: {e}", stage.extension()))?;
    let Some((_, mut ir)) = linked.into_iter().next() else {
        return Err("no shader".into());
    };
    let facts = facts.unwrap_or_else(|| fresnel_link::ShaderFacts::new(ir.stage));
    if matches!(opt, fresnel_opt::OptLevel::O | fresnel_opt::OptLevel::Os) {
        let facts = fresnel_opt::TargetFacts {
            default_uniforms: true,
        };
        fresnel_opt::optimize(&mut ir, opt, facts).map_err(|e| format!("optimizer: {e}"))?;
    }
    Ok((ir, facts))
}

/// `src` with `#extension GL_ARB_compatibility : enable` after its `#version 140` line;
/// `None` for any other version.
fn with_arb_compatibility(src: &str) -> Option<String> {
    let mut out = String::with_capacity(src.len() + 40);
    let mut done = false;
    for line in src.split_inclusive('\n') {
        out.push_str(line);
        if !done && line.trim_start().starts_with("#version") {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.get(1) != Some(&"140") || words.len() > 2 {
                return None;
            }
            if !line.ends_with('\n') {
                out.push('\n');
            }
            out.push_str("#extension GL_ARB_compatibility : enable\n");
            done = true;
        }
    }
    done.then_some(out)
}

/// The start of the message of a shader the lowering does not take.
const NOT_LOWERED: &str = "not lowered: ";

/// A program with a shader that does not compile: rejected (which meets `link error`), or
/// skipped when the lowering, not the checker, refused it.
fn rejected(e: String) -> Result<Built, String> {
    if e.starts_with(NOT_LOWERED) {
        Err(e)
    } else {
        Ok(Built::Rejected(e))
    }
}

/// Lowers one compilation unit, with what the program's link checks need of it.
fn lower(
    src: &str,
    stage: TStage,
    es: bool,
) -> Result<(Shader, fresnel_link::ShaderFacts), String> {
    let opts = Options {
        stage: fresnel::Stage::from_extension(stage.extension()),
        target: if es {
            TargetEnv::OpenGlEs
        } else {
            TargetEnv::OpenGl
        },
        default_version: es.then(|| Version::es(100)),
        ..Options::default()
    };
    let name = format!("shader.{}", stage.extension());
    let run = fresnel::lower_to_ir(
        SourceInput::new(&name, src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    if let Some(d) = run
        .diagnostics
        .iter()
        .find(|d| d.severity == fresnel::Severity::Error)
    {
        // A shader the checker accepts but the lowering does not take is not the test's
        // failure: the runner cannot run it (a skip, with the reason).
        let prefix = if d.code == "E-lower" { NOT_LOWERED } else { "" };
        return Err(format!(
            "{prefix}{} shader: {}",
            stage.extension(),
            d.message
        ));
    }
    let facts = fresnel::shader_facts(&run, opts.target);
    let ir = run.ir.ok_or("no IR was produced")?;
    let facts = facts.unwrap_or_else(|| fresnel_link::ShaderFacts::new(ir.stage));
    Ok((ir, facts))
}

/// Whether `[test]` has commands other than `link success` / `link error`.
fn has_commands(test: &piglit::ShaderTest) -> bool {
    test.test.iter().any(|l| {
        let t = l.text.split('#').next().unwrap_or("").trim();
        !t.is_empty() && t != "link success" && t != "link error"
    })
}

/// The fragment shader standing for GL's fixed-function fragment stage (untextured: the
/// interpolated primary colour) after a vertex shader of this source, when its profile has
/// that stage (GLSL before 1.40, or the compatibility profile).
fn fixed_function_fragment(vs: &str) -> Option<String> {
    let version: Vec<&str> = vs
        .lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix("#version"))
        .map(|v| v.split_whitespace().collect())
        .unwrap_or_default();
    let number: u32 = version.first().and_then(|n| n.parse().ok()).unwrap_or(110);
    let body = "void main() { gl_FragColor = gl_Color; }\n";
    match version.get(1).copied() {
        Some("compatibility") => Some(format!("#version {number} compatibility\n{body}")),
        None if number <= 130 => Some(format!("#version 110\n{body}")),
        _ => None,
    }
}

/// Built-in fragment inputs the runner provides without a vertex shader's help.
fn window_builtin(name: &str) -> bool {
    matches!(
        name,
        "gl_FragCoord" | "gl_FrontFacing" | "gl_PointCoord" | "gl_HelperInvocation"
    )
}

impl Program {
    fn build(test: &piglit::ShaderTest, opt: fresnel_opt::OptLevel) -> Result<Built, String> {
        let req = &test.require;
        let es = req.glsl.as_ref().is_some_and(|g| g.version.es)
            || req.gl.iter().any(|g| g.what == "GL ES");
        let mut size = DEFAULT_SIZE;
        for o in &req.other {
            let w: Vec<&str> = o.split_whitespace().collect();
            // Separable programs pair their interfaces by rules of their own.
            if w.first() == Some(&"SSO") && w.get(1) == Some(&"ENABLED") {
                return Err("separate shader objects (`SSO ENABLED`)".into());
            }
            if let ["SIZE", x, y] = w.as_slice() {
                match (x.parse::<u32>(), y.parse::<u32>()) {
                    (Ok(x), Ok(y))
                        if x > 0 && y > 0 && u64::from(x) * u64::from(y) <= MAX_PIXELS =>
                    {
                        size = [x, y]
                    }
                    _ => return Err(format!("window size `{o}`")),
                }
            }
        }
        let vertex_data = match test
            .sections
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case("vertex data"))
        {
            Some(sec) => Some(VertexData::parse(&sec.text)?),
            None => None,
        };
        let mut vs_src: Vec<String> = Vec::new();
        let mut fs_src: Vec<String> = Vec::new();
        let mut cs_src: Vec<String> = Vec::new();
        let mut gs_src: Vec<String> = Vec::new();
        let mut tcs_src: Vec<String> = Vec::new();
        let mut tes_src: Vec<String> = Vec::new();
        let mut passthrough = false;
        for sh in &test.shaders {
            match (sh.stage, sh.form) {
                (TStage::Vertex, ShaderForm::Passthrough) => passthrough = true,
                (
                    TStage::Vertex
                    | TStage::Fragment
                    | TStage::Compute
                    | TStage::Geometry
                    | TStage::TessControl
                    | TStage::TessEval,
                    ShaderForm::Glsl,
                ) => {
                    let slot = match sh.stage {
                        TStage::Vertex => &mut vs_src,
                        TStage::Fragment => &mut fs_src,
                        TStage::Geometry => &mut gs_src,
                        TStage::TessControl => &mut tcs_src,
                        TStage::TessEval => &mut tes_src,
                        _ => &mut cs_src,
                    };
                    if slot.len() >= MAX_UNITS {
                        return Err(format!("more than {MAX_UNITS} shaders of one stage"));
                    }
                    slot.push(sh.source.clone());
                }
                (s, ShaderForm::Glsl) => {
                    return Err(format!("{} shaders are not run", s.extension()))
                }
                (_, f) => return Err(format!("{f:?} shaders are not run")),
            }
        }
        // shader_runner gives a shader without `#version` the version the test requires.
        // A compatibility context (`GL COMPAT`) supports GL_ARB_compatibility, which gives
        // GLSL 1.40 shaders the compatibility built-ins: enabled after a `#version 140`.
        let compat = req.gl.iter().any(|g| g.what == "GL COMPAT");
        let versioned = |src: String| -> String {
            let has_version = src.lines().any(|l| l.trim_start().starts_with("#version"));
            let src = match &req.glsl {
                Some(g) if !has_version && matches!(g.op.as_str(), ">=" | "==" | ">") => {
                    let n = g.version.number;
                    let suffix = if g.version.es && n >= 300 { " es" } else { "" };
                    format!("#version {n}{suffix}\n{src}")
                }
                _ => src,
            };
            if compat {
                with_arb_compatibility(&src).unwrap_or(src)
            } else {
                src
            }
        };
        let cs_src: Vec<String> = cs_src.into_iter().map(versioned).collect();
        let cs = match (!cs_src.is_empty()).then_some(cs_src) {
            Some(src) => match compile(&src, TStage::Compute, es, opt) {
                Ok((s, facts)) => {
                    if let Err(e) = fresnel_link::validate_program(&[&s], &[facts]) {
                        return Ok(Built::Rejected(format!("link: {e}")));
                    }
                    Some(s)
                }
                Err(e) => return rejected(e),
            },
            None => None,
        };
        if fs_src.is_empty() {
            if cs.is_some() && vs_src.is_empty() {
                return Ok(Built::Program(Box::new(Program {
                    graphics: None,
                    tcs: None,
                    tes: None,
                    gs: None,
                    cs,
                    size,
                    vertex_data: None,
                })));
            }
            // Without a fragment shader: a test that only links links the stages it has; a
            // compatibility-profile program that draws gets GL's fixed-function fragment
            // stage (the interpolated primary colour).
            let vs_first = vs_src.first().cloned().map(versioned);
            match vs_first.as_deref().and_then(fixed_function_fragment) {
                Some(ff) if has_commands(test) => fs_src.push(ff),
                _ if !has_commands(test) && !vs_src.is_empty() => {
                    let stages = [
                        (TStage::Vertex, vs_src),
                        (TStage::TessControl, tcs_src),
                        (TStage::TessEval, tes_src),
                        (TStage::Geometry, gs_src),
                    ];
                    let mut shaders = Vec::new();
                    let mut facts = Vec::new();
                    for (stage, src) in stages {
                        if src.is_empty() {
                            continue;
                        }
                        let src: Vec<String> = src.into_iter().map(versioned).collect();
                        match compile(&src, stage, es, opt) {
                            Ok((sh, f)) => {
                                shaders.push(sh);
                                facts.push(f);
                            }
                            Err(e) => return rejected(e),
                        }
                    }
                    let refs: Vec<&Shader> = shaders.iter().collect();
                    if let Err(e) = fresnel_link::validate_program(&refs, &facts) {
                        return Ok(Built::Rejected(format!("link: {e}")));
                    }
                    return Ok(Built::Program(Box::new(Program {
                        graphics: None,
                        tcs: None,
                        tes: None,
                        gs: None,
                        cs,
                        size,
                        vertex_data: None,
                    })));
                }
                _ => return Err("no fragment shader".into()),
            }
        }
        let fs_src: Vec<String> = fs_src.into_iter().map(versioned).collect();
        let mut vs_src: Vec<String> = vs_src.into_iter().map(versioned).collect();
        let fixed_function = vs_src.is_empty() && !passthrough;
        if vs_src.is_empty() {
            vs_src.push(passthrough_source(&fs_src[0], es));
        }
        let (fs, fs_facts) = match compile(&fs_src, TStage::Fragment, es, opt) {
            Ok(s) => s,
            Err(e) => return rejected(e),
        };
        let (vs, vs_facts) = match compile(&vs_src, TStage::Vertex, es, opt) {
            Ok(s) => s,
            Err(e) if fixed_function => return Err(format!("fixed-function vertex stage: {e}")),
            Err(e) => return rejected(e),
        };
        if fixed_function {
            // Without a vertex shader, GL's fixed-function stage feeds the fragment shader;
            // only window built-ins are provided here.
            if let Some((_, v)) = fs
                .vars_of(VarMode::ShaderIn)
                .find(|(_, v)| !window_builtin(&v.name))
            {
                return Err(format!(
                    "fixed-function vertex processing (the fragment shader reads `{}`)",
                    v.name
                ));
            }
        }
        if gs_src
            .iter()
            .any(|g| g.contains("GL_ARB_geometry_shader4") || g.contains("GL_EXT_geometry_shader4"))
        {
            return Err("ARB_geometry_shader4 geometry shaders are not run".into());
        }
        let gs = if gs_src.is_empty() {
            None
        } else {
            let gs_src: Vec<String> = gs_src.into_iter().map(versioned).collect();
            match compile(&gs_src, TStage::Geometry, es, opt) {
                Ok(g) => Some(g),
                Err(e) => return rejected(e),
            }
        };
        if gs.is_some() && fixed_function {
            return Err("a geometry shader without a vertex shader".into());
        }
        let mut tess = [None, None];
        for (slot, (src, stage)) in tess
            .iter_mut()
            .zip([(tcs_src, TStage::TessControl), (tes_src, TStage::TessEval)])
        {
            if src.is_empty() {
                continue;
            }
            let src: Vec<String> = src.into_iter().map(versioned).collect();
            match compile(&src, stage, es, opt) {
                Ok(t) => *slot = Some(t),
                Err(e) => return rejected(e),
            }
        }
        let [tcs, tes] = tess;
        if tcs.is_some() || tes.is_some() {
            if fixed_function {
                return Err("tessellation without a vertex shader".into());
            }
            if tes.is_none() {
                return Err("a tessellation control shader without an evaluation shader".into());
            }
        }
        if let Some((t, _)) = &tes {
            if let Some(why) = pipeline::unsupported(&[t]) {
                return Err(why);
            }
        }
        // Viewport arrays (`gl_ViewportIndex`) are not modelled: one viewport, the window.
        let writes_viewport = |sh: &Shader| {
            sh.vars_of(VarMode::ShaderOut)
                .any(|(_, v)| v.builtin && v.name == "gl_ViewportIndex")
        };
        let middle = [&tcs, &tes, &gs];
        if writes_viewport(&vs)
            || middle
                .iter()
                .any(|m| m.as_ref().is_some_and(|(g, _)| writes_viewport(g)))
        {
            return Err("viewport arrays (`gl_ViewportIndex`) are not drawn".into());
        }
        // The program links (without a vertex shader, the fragment shader alone).
        let linked = if fixed_function {
            fresnel_link::validate_program(&[&fs], &[fs_facts])
        } else {
            let mut shaders = vec![&vs];
            let mut facts = vec![vs_facts];
            for (sh, f) in middle.iter().filter_map(|m| m.as_ref()) {
                shaders.push(sh);
                facts.push(f.clone());
            }
            shaders.push(&fs);
            facts.push(fs_facts);
            fresnel_link::validate_program(&shaders, &facts)
        };
        if let Err(e) = linked {
            return Ok(Built::Rejected(format!("link: {e}")));
        }
        Ok(Built::Program(Box::new(Program {
            graphics: Some((vs, fs)),
            tcs: tcs.map(|(t, _)| t),
            tes: tes.map(|(t, _)| t),
            gs: gs.map(|(g, _)| g),
            cs,
            size,
            vertex_data,
        })))
    }

    fn run(&self, test: &piglit::ShaderTest) -> Outcome {
        let [w, h] = self.size;
        let mut clear = [0.0f64; 4];
        let mut fb = vec![[0u8; 4]; (w * h) as usize];
        let mut uniforms: Vec<Uniform> = Vec::new();
        // Storage buffers by binding.
        let mut ssbos: BTreeMap<u32, Vec<u8>> = BTreeMap::new();
        // Atomic counter buffers by binding, and the default buffer.
        let mut counters: Counters = BTreeMap::new();
        // 2D textures by unit; `texparameter` sets the state of the last one made.
        let mut textures: Textures = BTreeMap::new();
        let mut active_unit = 0u32;
        // `texparameter base_level | max_level`: a texture's full levels and the range in
        // use, by unit.
        let mut level_ranges: BTreeMap<u32, (Vec<fresnel_interp::Level>, [usize; 2])> =
            BTreeMap::new();
        let mut drew = false;
        // `ortho`: the fixed-function projection maps window pixels to the window.
        let mut ortho_projection: Option<[f64; 4]> = None;
        // `clip plane N A B C D`: the user clip planes' equations (eye space; the modelview
        // matrix is the identity).
        let mut plane_eqs = [[0.0f64; 4]; 8];
        // Enabled clip planes (`enable GL_CLIP_PLANEn` / `GL_CLIP_DISTANCEn`).
        let mut clip_planes = 0u32;
        let mut patch_state = DEFAULT_PATCH_STATE;
        // `ubo array index K`: the element of an array of blocks `uniform` commands set.
        let mut ubo_index = 0u32;
        // `tolerance R G B A`: the probes' allowed difference per channel.
        let mut tolerance = TOLERANCE;
        // A verdict without drawing: `link success` or a probe of what `clear` left.
        let mut checked = false;
        let mut first_failure: Option<String> = None;
        for line in &test.test {
            let text = line.text.split('#').next().unwrap_or("").trim();
            let mut words: Vec<&str> = text.split_whitespace().collect();
            // Instanced draws (`draw instanced rect [ortho] [patch] N X Y W H`, `draw arrays
            // instanced MODE FIRST COUNT N`) are the plain draw N times, instance by
            // instance, as GL defines them.
            let mut instances = 1u32;
            if let ["draw", "instanced", "rect", rest @ ..] = words.as_slice() {
                let flags = rest
                    .iter()
                    .take_while(|w| matches!(**w, "ortho" | "patch" | "tex"))
                    .count();
                let Some(n) = rest.get(flags).and_then(|n| n.parse::<u32>().ok()) else {
                    return Outcome::Fail(format!("line {}: bad command `{text}`", line.line));
                };
                instances = n;
                let mut plain = vec!["draw", "rect"];
                plain.extend_from_slice(&rest[..flags]);
                plain.extend_from_slice(&rest[flags + 1..]);
                words = plain;
            } else if let ["draw", "arrays", "instanced", mode, first, n, k] = words.as_slice() {
                let Ok(k) = k.parse::<u32>() else {
                    return Outcome::Fail(format!("line {}: bad command `{text}`", line.line));
                };
                instances = k;
                words = vec!["draw", "arrays", mode, first, n];
            }
            if instances > MAX_INSTANCES {
                return Outcome::Skip(format!("more than {MAX_INSTANCES} instances"));
            }
            let at = |why: String| format!("line {}: {why}", line.line);
            // How both draw commands end: the vertices (and their patches, if any) drawn
            // `instances` times with the current buffers and state.
            // A texture made by a `texture` command: bound to its unit, with that unit's
            // level range reset, and the unit made the one `texparameter` applies to.
            macro_rules! bind_texture {
                ($unit:expr, $texture:expr) => {{
                    textures.insert($unit, $texture);
                    level_ranges.remove(&$unit);
                    active_unit = $unit;
                }};
            }
            macro_rules! draw {
                ($runner:expr, $source:expr, $patches:expr) => {{
                    let mut buffers = Buffers {
                        ssbos: &mut ssbos,
                        counters: &mut counters,
                        clip_planes,
                        plane_eqs,
                        textures: &textures,
                    };
                    let state = DrawState {
                        ortho: ortho_projection,
                        patches: $patches,
                        instance: 0,
                    };
                    let done = $runner.draw_instances(
                        $source,
                        &uniforms,
                        &mut fb,
                        &mut buffers,
                        state,
                        instances,
                    );
                    if let Err(e) = done {
                        return Outcome::Fail(at(e));
                    }
                    drew = true;
                }};
            }
            match words.as_slice() {
                [] => {}
                // The program linked (or the test would have failed to build).
                ["link", "success"] => checked = true,
                ["tolerance", rest @ ..] => match numbers(&rest.join(" ")) {
                    Some(v) if v.len() == 4 && v.iter().all(|x| *x >= 0.0) => {
                        tolerance.copy_from_slice(&v)
                    }
                    _ => return Outcome::Fail(at(format!("bad command `{text}`"))),
                },
                ["ortho"] => ortho_projection = Some([0.0, f64::from(w), 0.0, f64::from(h)]),
                ["ortho", rest @ ..] => match numbers(&rest.join(" ")) {
                    Some(v) if v.len() == 4 && v[0] != v[1] && v[2] != v[3] => {
                        ortho_projection = Some([v[0], v[1], v[2], v[3]])
                    }
                    _ => return Outcome::Skip(format!("command `{text}` is not run")),
                },
                ["clip", "plane", n, rest @ ..] => {
                    let (Ok(n), Some(eq)) = (n.parse::<usize>(), numbers(&rest.join(" "))) else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    match (plane_eqs.get_mut(n), eq.as_slice()) {
                        (Some(p), [a, b, c, d]) => *p = [*a, *b, *c, *d],
                        _ => return Outcome::Fail(at(format!("bad command `{text}`"))),
                    }
                }
                ["patch", "parameter", "vertices", n] => match n.parse::<usize>() {
                    Ok(n) if (1..=MAX_PATCH_VERTICES).contains(&n) => patch_state.vertices = n,
                    _ => return Outcome::Fail(at(format!("bad command `{text}`"))),
                },
                ["patch", "parameter", "default", "level", which @ ("outer" | "inner"), vals @ ..] =>
                {
                    let want = if *which == "outer" { 4 } else { 2 };
                    let Some(v) = numbers(&vals.join(" ")).filter(|v| v.len() == want) else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    if *which == "outer" {
                        patch_state.outer.copy_from_slice(&v);
                    } else {
                        patch_state.inner.copy_from_slice(&v);
                    }
                }
                [cmd @ ("enable" | "disable"), cap]
                    if cap.starts_with("GL_CLIP_PLANE") || cap.starts_with("GL_CLIP_DISTANCE") =>
                {
                    let n: u32 = cap
                        .trim_start_matches("GL_CLIP_PLANE")
                        .trim_start_matches("GL_CLIP_DISTANCE")
                        .parse()
                        .unwrap_or(u32::MAX);
                    if n >= 8 {
                        return Outcome::Skip(format!("command `{text}` is not run"));
                    }
                    if *cmd == "enable" {
                        clip_planes |= 1 << n;
                    } else {
                        clip_planes &= !(1 << n);
                    }
                }
                ["link", "error"] => {
                    return Outcome::Skip(
                        "`link error` that the link checks do not detect (the program links)"
                            .into(),
                    )
                }
                ["clear", "color", rest @ ..] => match numbers(&rest.join(" ")) {
                    Some(v) if v.len() == 4 => clear.copy_from_slice(&v),
                    _ => return Outcome::Fail(at(format!("bad command `{text}`"))),
                },
                ["clear"] => {
                    let c = clear.map(unorm8);
                    fb.iter_mut().for_each(|p| *p = c);
                }
                ["ubo", "array", "index", k] => match k.parse::<u32>() {
                    Ok(k) => ubo_index = k,
                    Err(_) => return Outcome::Fail(at(format!("bad command `{text}`"))),
                },
                ["uniform", ty, name, vals @ ..] => match uniform_values(ty, vals) {
                    Ok(v) => {
                        // A block member is set in element `ubo array index` of an array
                        // of blocks.
                        uniforms.retain(|(n, k, _)| !(n == name && *k == ubo_index));
                        uniforms.push((name.to_string(), ubo_index, v));
                    }
                    Err(e) => return Outcome::Skip(e),
                },
                ["ssbo", n, "subdata", ty, offset, vals @ ..] => {
                    let (Ok(n), Ok(offset)) = (n.parse::<u32>(), offset.parse::<usize>()) else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    let bytes = match subdata_bytes(ty, vals) {
                        Ok(b) => b,
                        Err(e) => return Outcome::Skip(e),
                    };
                    let buf = ssbos.entry(n).or_default();
                    let end = offset.saturating_add(bytes.len());
                    if end > MAX_BUFFER {
                        return Outcome::Fail(at(format!("buffer larger than {MAX_BUFFER} bytes")));
                    }
                    if buf.len() < end {
                        buf.resize(end, 0);
                    }
                    buf[offset..end].copy_from_slice(&bytes);
                }
                ["ssbo", n, size] => match (n.parse::<u32>(), size.parse::<usize>()) {
                    (Ok(n), Ok(size)) if size <= MAX_BUFFER => {
                        ssbos.insert(n, vec![0; size]);
                    }
                    _ => return Outcome::Fail(at(format!("bad command `{text}`"))),
                },
                ["texture", "rgbw", kind @ ("1DArray" | "2DArray"), unit, rest @ ..] => {
                    let (Ok(unit), Some(nums)) = (unit.parse::<u32>(), numbers(&rest.join(" ")))
                    else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    match array_texture(kind, &nums) {
                        Ok(t) => bind_texture!(unit, t),
                        Err(skip) => return Outcome::Skip(format!("`texture rgbw {kind}` {skip}")),
                    }
                }
                ["texture", kind @ ("rgbw" | "checkerboard"), unit, ..] => {
                    let Ok(unit) = unit.parse::<u32>() else {
                        return Outcome::Skip(format!("`texture {kind} {unit}` is not run"));
                    };
                    let mut rest = text.splitn(4, ' ').nth(3).unwrap_or("");
                    // An internal format after the size: 8-bit RGBA is what is modelled.
                    if let Some((before, format)) = rest.trim_end().rsplit_once(' ') {
                        if format.starts_with("GL_") {
                            // rgbw texels (0 and 1) are exact in floating-point formats too.
                            let exact = matches!(format, "GL_RGBA8" | "GL_RGBA")
                                || (*kind == "rgbw"
                                    && matches!(format, "GL_RGBA16F" | "GL_RGBA32F"));
                            if !exact {
                                return Outcome::Skip(format!(
                                    "`texture {kind}` of format {format} is not run"
                                ));
                            }
                            rest = before;
                        }
                    }
                    match make_texture(kind, rest) {
                        Ok(t) => bind_texture!(unit, t),
                        Err(skip) => return Outcome::Skip(format!("`texture {kind}` {skip}")),
                    }
                }
                ["texture", "miptree", unit] => {
                    let Ok(unit) = unit.parse::<u32>() else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    bind_texture!(unit, miptree_texture());
                }
                ["texture", kind, unit, rest @ ..] if kind.starts_with("shadow") => {
                    let (Ok(unit), Some(nums)) = (unit.parse::<u32>(), numbers(&rest.join(" ")))
                    else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    match depth_texture(kind, &nums) {
                        Ok(t) => bind_texture!(unit, t),
                        Err(skip) => return Outcome::Skip(format!("`texture {kind}` {skip}")),
                    }
                }
                ["texparameter", target, what, value] => {
                    // The texture of the active unit (the last one made) and its target.
                    let Some(t) = textures.get_mut(&active_unit) else {
                        return Outcome::Skip("`texparameter` before a texture".into());
                    };
                    if target_of(target) != Some((t.dim, t.array)) {
                        return Outcome::Skip(format!(
                            "`texparameter {target}` of a target without a texture"
                        ));
                    }
                    if matches!(*what, "base_level" | "max_level") {
                        // The levels the texture had when first limited, and the range.
                        let (all, range) = level_ranges
                            .entry(active_unit)
                            .or_insert_with(|| (t.levels.clone(), [0, usize::MAX]));
                        let Ok(v) = value.parse::<usize>() else {
                            return Outcome::Fail(at(format!("bad command `{text}`")));
                        };
                        range[usize::from(*what == "max_level")] = v;
                        let last = range[1].min(all.len().saturating_sub(1));
                        if range[0] > last {
                            return Outcome::Skip(
                                "a texture whose base level is past its last level (incomplete)"
                                    .into(),
                            );
                        }
                        t.levels = all[range[0]..=last].to_vec();
                    } else if let Err(skip) = tex_parameter(t, what, value) {
                        return Outcome::Skip(skip);
                    }
                }
                ["atomic", "counters", n] => match n.parse::<usize>() {
                    Ok(n) if n <= MAX_COUNTERS => {
                        counters.insert(0, vec![0; n]);
                    }
                    _ => return Outcome::Fail(at(format!("bad command `{text}`"))),
                },
                ["atomic", "counter", "buffer", b, n] => {
                    match (b.parse::<u32>(), n.parse::<usize>()) {
                        (Ok(b), Ok(n)) if n <= MAX_COUNTERS => {
                            counters.insert(b, vec![0; n]);
                        }
                        _ => return Outcome::Fail(at(format!("bad command `{text}`"))),
                    }
                }
                ["atomic", "counter", b, i, v] => {
                    let (Ok(b), Ok(i), Some(v)) = (
                        b.parse::<u32>(),
                        i.parse::<usize>(),
                        uniform_values("uint", &[v])
                            .ok()
                            .and_then(|v| v.first().copied()),
                    ) else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    match counters.get_mut(&b).and_then(|c| c.get_mut(i)) {
                        Some(slot) => *slot = crate::deqp::scalar_f64(v) as u32,
                        None => {
                            return Outcome::Fail(at(format!(
                                "no atomic counter {i} in buffer {b}"
                            )))
                        }
                    }
                }
                ["probe", "atomic", "counter", rest @ ..] => {
                    let (b, index, op, want) = match rest {
                        ["buffer", b, off, op, v] => (
                            b.parse::<u32>().ok(),
                            off.parse::<usize>().ok().map(|o| o / 4),
                            *op,
                            *v,
                        ),
                        [i, op, v] => (Some(0), i.parse::<usize>().ok(), *op, *v),
                        _ => return Outcome::Skip(format!("probe `{text}` is not run")),
                    };
                    let (Some(b), Some(index), Some(want)) = (
                        b,
                        index,
                        uniform_values("uint", &[want])
                            .ok()
                            .and_then(|v| v.first().copied()),
                    ) else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    let want = crate::deqp::scalar_f64(want) as u32;
                    let got = counters.get(&b).and_then(|c| c.get(index)).copied();
                    let ok = match (op, got) {
                        (_, None) => false,
                        ("==", Some(g)) => g == want,
                        ("!=", Some(g)) => g != want,
                        _ => return Outcome::Skip(format!("probe `{text}` is not run")),
                    };
                    if !ok {
                        let seen = got.map_or("no such counter".to_string(), |g| g.to_string());
                        first_failure.get_or_insert_with(|| {
                            at(format!("atomic counter {index} of buffer {b}: expected {op} {want}, observed {seen}"))
                        });
                    }
                }
                ["compute", "group", "size", nums @ ..] | ["compute", nums @ ..]
                    if matches!(nums.len(), 3 | 6) =>
                {
                    // `compute X Y Z`, or `compute group size X Y Z LX LY LZ` (a variable
                    // workgroup size, GL_ARB_compute_variable_group_size).
                    let vals: Option<Vec<u32>> =
                        nums.iter().map(|n| n.parse::<u32>().ok()).collect();
                    let Some(vals) = vals.filter(|v| v.len() == 3 || words[1] == "group") else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    let groups = [vals[0], vals[1], vals[2]];
                    let group_size = vals.get(3..6).map(|v| [v[0], v[1], v[2]]);
                    let Some(cs) = &self.cs else {
                        return Outcome::Fail(at("`compute` without a compute shader".into()));
                    };
                    let state = (&uniforms[..], &textures);
                    if let Err(e) =
                        dispatch(cs, (groups, group_size), state, &mut ssbos, &mut counters)
                    {
                        return Outcome::Fail(at(e));
                    }
                    drew = true;
                }
                ["probe", "ssbo", ty, n, offset, op, vals @ ..] => {
                    match probe_ssbo(ty, n, offset, op, vals, &ssbos) {
                        Ok(None) => {}
                        Ok(Some(why)) => {
                            first_failure.get_or_insert_with(|| at(why));
                        }
                        Err(skip) => return Outcome::Skip(skip),
                    }
                }
                ["draw", "arrays", mode, first, n] => {
                    let Some(mode) = Mode::parse(mode) else {
                        return Outcome::Skip(format!("`draw arrays {mode}` is not drawn"));
                    };
                    if let Some(why) = self
                        .tessellation_mismatch(matches!(mode, Mode::Patches))
                        .or_else(|| self.primitive_mismatch(mode))
                    {
                        return Outcome::Skip(why);
                    }
                    let (Ok(first), Ok(n)) = (first.parse::<usize>(), n.parse::<usize>()) else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    // Without `[vertex data]`, the vertices have only their ids and GL's
                    // current attribute values.
                    let empty = VertexData::default();
                    let data = self.vertex_data.as_ref().unwrap_or(&empty);
                    let rows: Vec<&[f64]> = if self.vertex_data.is_some() {
                        match data.rows.get(first..first.saturating_add(n)) {
                            Some(r) => r.iter().map(Vec::as_slice).collect(),
                            None => {
                                return Outcome::Fail(at(
                                    "`draw arrays` past the vertex data".into()
                                ))
                            }
                        }
                    } else if n <= MAX_VERTICES {
                        vec![&[][..]; n]
                    } else {
                        return Outcome::Fail(at(format!("bad command `{text}`")));
                    };
                    let arrays = Vertices::Arrays {
                        data,
                        rows: &rows,
                        mode,
                    };
                    // Patches of `patch parameter vertices` vertices (a last incomplete one
                    // is dropped, as GL does).
                    let pv = patch_state.vertices;
                    let list: Vec<Vec<usize>> = (0..rows.len() / pv)
                        .map(|p| (p * pv..(p + 1) * pv).collect())
                        .collect();
                    let patches =
                        matches!(mode, Mode::Patches).then_some((&list[..], &patch_state));
                    draw!(self, &arrays, patches);
                }
                ["draw", "rect", rest @ ..] => {
                    // `ortho` and `patch` (a patch of the four corners), in either order; `tex`:
                    // texture coordinates follow the rectangle.
                    let (mut ortho, mut patch, mut with_tex, mut nums) =
                        (false, false, false, rest);
                    while let [w @ ("ortho" | "patch" | "tex"), r @ ..] = nums {
                        match *w {
                            "ortho" => ortho = true,
                            "patch" => patch = true,
                            _ => with_tex = true,
                        }
                        nums = r;
                    }
                    let count = if with_tex { 8 } else { 4 };
                    let mode = if patch {
                        Mode::Patches
                    } else {
                        Mode::Triangles
                    };
                    if let Some(why) = self
                        .tessellation_mismatch(patch)
                        .or_else(|| self.primitive_mismatch(mode))
                    {
                        return Outcome::Skip(why);
                    }
                    let Some(mut r) = numbers(&nums.join(" ")).filter(|v| v.len() == count) else {
                        return Outcome::Skip(format!("command `{text}` is not run"));
                    };
                    let tex_rect = if with_tex {
                        [r[4], r[5], r[6], r[7]]
                    } else {
                        [0.0, 0.0, 1.0, 1.0]
                    };
                    if ortho {
                        r = [
                            -1.0 + 2.0 * r[0] / f64::from(w),
                            -1.0 + 2.0 * r[1] / f64::from(h),
                            2.0 * r[2] / f64::from(w),
                            2.0 * r[3] / f64::from(h),
                        ]
                        .to_vec();
                    }
                    let rect = Vertices::Rect([r[0], r[1], r[2], r[3]], tex_rect);
                    // shader_runner draws one patch of the four corners.
                    let corners = [vec![0, 1, 2, 3]];
                    let patches = patch.then_some((&corners[..], &patch_state));
                    draw!(self, &rect, patches);
                }
                [kind @ ("probe" | "relative"), ..] => {
                    checked = true;
                    let relative = *kind == "relative";
                    match probe(text, relative, &fb, self.size, tolerance) {
                        Ok(None) => {}
                        Ok(Some(why)) => {
                            first_failure.get_or_insert_with(|| at(why));
                        }
                        Err(skip) => return Outcome::Skip(skip),
                    }
                }
                _ => {
                    let cmd: Vec<&str> = words.iter().take(2).copied().collect();
                    return Outcome::Skip(format!("command `{}` is not run", cmd.join(" ")));
                }
            }
        }
        match first_failure {
            Some(why) => Outcome::Fail(why),
            None if !drew && !checked => Outcome::Skip("nothing drawn".into()),
            None => Outcome::Pass,
        }
    }

    /// Why a draw of patches (or of other primitives) cannot be drawn with this program: GL
    /// draws patches only with a tessellation evaluation shader, and nothing else with one.
    fn tessellation_mismatch(&self, patches: bool) -> Option<String> {
        match (patches, self.tes.is_some()) {
            (true, false) => Some("patches drawn without a tessellation evaluation shader".into()),
            (false, true) => {
                Some("a draw of other primitives than patches with tessellation shaders".into())
            }
            _ => None,
        }
    }

    /// Why primitives of `mode` cannot be drawn with this program: a geometry shader must
    /// take them (GL draws nothing otherwise) and emit triangle strips (points and lines are
    /// not rasterized), and without one only triangles are drawn.
    fn primitive_mismatch(&self, mode: Mode) -> Option<String> {
        let Some(gs) = &self.gs else {
            return (mode.geometry_input() != "triangles").then(|| {
                format!("`{mode:?}` primitives are not drawn (points and lines are not rasterized)")
            });
        };
        let Some(g) = gs.info.geometry.as_ref() else {
            return Some("a geometry shader without an input primitive".into());
        };
        if matches!(mode, Mode::LineStripAdjacency) {
            return Some("line strips with adjacency are not drawn".into());
        }
        if g.input != mode.geometry_input() {
            return Some(format!(
                "a geometry shader taking `{}` drawn with `{mode:?}` primitives (GL draws nothing)",
                g.input
            ));
        }
        if g.output != "triangle_strip" {
            return Some(format!("geometry output `{}` is not drawn", g.output));
        }
        None
    }

    /// Draws the rectangle `r` (x, y, w, h in normalized device coordinates) into `fb`.
    /// Draws `source` `instances` times (`gl_InstanceID` 0, 1, ...), with `state` but its
    /// instance, sharing the buffers.
    fn draw_instances(
        &self,
        source: &Vertices<'_>,
        uniforms: &[Uniform],
        fb: &mut [[u8; 4]],
        buffers: &mut Buffers<'_>,
        state: DrawState<'_>,
        instances: u32,
    ) -> Result<(), String> {
        for instance in 0..instances {
            let b = Buffers {
                ssbos: &mut *buffers.ssbos,
                counters: &mut *buffers.counters,
                textures: buffers.textures,
                clip_planes: buffers.clip_planes,
                plane_eqs: buffers.plane_eqs,
            };
            self.draw(source, uniforms, fb, b, DrawState { instance, ..state })?;
        }
        Ok(())
    }

    fn draw(
        &self,
        source: &Vertices<'_>,
        uniforms: &[Uniform],
        fb: &mut [[u8; 4]],
        buffers: Buffers<'_>,
        state: DrawState<'_>,
    ) -> Result<(), String> {
        let DrawState {
            ortho,
            patches,
            instance,
        } = state;
        let Buffers {
            ssbos,
            counters,
            clip_planes,
            plane_eqs,
            textures,
        } = buffers;
        let Some((vs, fs)) = &self.graphics else {
            return Err("`draw rect` without vertex and fragment shaders".into());
        };
        let [w, h] = self.size;
        let (corners, count) = match source {
            Vertices::Rect(r, _) => {
                let (x0, y0, x1, y1) = (r[0], r[1], r[0] + r[2], r[1] + r[3]);
                ([[x0, y0], [x1, y0], [x0, y1], [x1, y1]], 4)
            }
            Vertices::Arrays { rows, .. } => ([[0.0; 2]; 4], rows.len()),
        };
        let tex = match source {
            Vertices::Rect(_, t) => {
                let (s0, t0, s1, t1) = (t[0], t[1], t[0] + t[2], t[1] + t[3]);
                [[s0, t0], [s1, t0], [s0, t1], [s1, t1]]
            }
            Vertices::Arrays { .. } => [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
        };
        let mut vi = Interp::new(vs).map_err(|e| e.to_string())?;
        vi.limits.max_instructions = MAX_INSTRUCTIONS;
        let inputs: Vec<(String, fresnel_ir::VarId)> = vs
            .vars_of(VarMode::ShaderIn)
            .map(|(id, v)| (v.name.clone(), id))
            .collect();
        // The rectangle's positions go to attribute 0: `piglit_vertex` (shader_runner binds
        // it there), `gl_Vertex`, an input placed there, or the only other user input (GL
        // gives it location 0); texture coordinates go to `piglit_texcoord` (location 1).
        let user: Vec<&(String, fresnel_ir::VarId)> = inputs
            .iter()
            .filter(|(n, id)| !vs.vars[*id].builtin && n != "piglit_texcoord")
            .collect();
        let position_input = |name: &str, id: fresnel_ir::VarId| {
            matches!(name, "piglit_vertex" | "gl_Vertex")
                || vs.vars[id].location == Some(0)
                || (user.len() == 1
                    && user[0].1 == id
                    && vs.vars[id].location.is_none()
                    && !inputs.iter().any(|(n, _)| n == "piglit_vertex"))
        };
        for (name, id) in &inputs {
            // GL's current values of the fixed-function attributes; other built-in inputs
            // (`gl_VertexID`, ...) come from the interpreter.
            let current = match name.as_str() {
                "gl_Color" => Some([1.0, 1.0, 1.0, 1.0]),
                "gl_Normal" => Some([0.0, 0.0, 1.0, 1.0]),
                "gl_SecondaryColor" => Some([0.0, 0.0, 0.0, 1.0]),
                "gl_FogCoord" => Some([0.0, 0.0, 0.0, 1.0]),
                n if n.starts_with("gl_MultiTexCoord") && n != "gl_MultiTexCoord0" => {
                    Some([0.0, 0.0, 0.0, 1.0])
                }
                _ => None,
            };
            if vs.vars[*id].builtin
                && current.is_none()
                && !matches!(name.as_str(), "gl_Vertex" | "gl_MultiTexCoord0")
            {
                continue;
            }
            let leaves = vi.leaves(*id);
            let is_position = position_input(name, *id);
            let is_texcoord = matches!(name.as_str(), "piglit_texcoord" | "gl_MultiTexCoord0")
                || vs.vars[*id].location == Some(1);
            // With `[vertex data]`: the column of the input's name or location.
            let column = match source {
                Vertices::Arrays { data, .. } => data.column(name, vs.vars[*id].location),
                Vertices::Rect(..) => None,
            };
            let per_vertex: Vec<Vec<u64>> = (0..count)
                .map(|i| {
                    let v = if let (Some(c), Vertices::Arrays { rows, .. }) = (column, source) {
                        data_value(rows[i], c)
                    } else if matches!(source, Vertices::Arrays { .. }) {
                        current.unwrap_or([0.0, 0.0, 0.0, 1.0])
                    } else if let Some(c) = current {
                        c
                    } else if is_position {
                        [corners[i][0], corners[i][1], 0.0, 1.0]
                    } else if is_texcoord {
                        [tex[i][0], tex[i][1], 0.0, 1.0]
                    } else {
                        // A generic attribute without an array: GL's current value.
                        [0.0, 0.0, 0.0, 1.0]
                    };
                    leaves
                        .iter()
                        .enumerate()
                        .map(|(k, l)| Scalar::Float(v[k.min(3)]).encode(*l))
                        .collect()
                })
                .collect();
            if vi.set_input(name, per_vertex).is_err() {
                continue;
            }
        }
        set_state(&mut vi, vs, ortho);
        // The instance of an instanced draw.
        for name in ["gl_InstanceID", "gl_InstanceIDARB"] {
            if vs
                .vars_of(VarMode::ShaderIn)
                .any(|(_, v)| v.builtin && v.name == name)
            {
                let _ = vi.set_input(name, vec![vec![u64::from(instance)]; count]);
            }
        }
        set_uniforms(&mut vi, uniforms);
        bind_textures(&mut vi, vs, uniforms, textures);
        bind_ssbos(&mut vi, vs, ssbos);
        bind_counters(&mut vi, vs, counters);
        vi.run_vertex(count)
            .map_err(|e| format!("vertex shader: {e}"))?;
        read_back_counters(&vi, vs, counters);
        read_back_ssbos(&vi, vs, ssbos);
        let mut stream = pipeline::from_vertex_stage(vs, &vi, count);
        if let Vertices::Arrays { mode, .. } = source {
            stream.tris = mode.triangles(count);
        }
        if patches.is_some() {
            stream.tris.clear();
        }
        // Clip and cull distances: a triangle whose vertices all have one cull distance
        // below zero is culled; a fragment where an enabled clip distance, interpolated, is
        // below zero is clipped.
        let distances = |name: &str| -> Option<(fresnel_ir::VarId, Vec<Leaf>)> {
            vs.vars_of(VarMode::ShaderOut)
                .find(|(_, v)| v.builtin && v.name == name)
                .map(|(id, _)| (id, vi.leaves(id)))
        };
        let value = |v: &pipeline::Vertex, id: fresnel_ir::VarId, leaves: &[Leaf], i: usize| {
            let bits = v
                .outs
                .iter()
                .find(|(o, _)| *o == id)
                .and_then(|(_, s)| s.get(i))
                .copied()
                .unwrap_or(0);
            crate::deqp::scalar_f64(Scalar::decode(
                bits,
                leaves.get(i).copied().unwrap_or(Leaf::Float(32)),
            ))
        };
        // Primitive ids count every primitive of the draw, culled ones too.
        let drawn = stream.tris.clone();
        if let Some((id, leaves)) = distances("gl_CullDistance").filter(|_| patches.is_none()) {
            let verts = &stream.verts;
            stream.tris.retain(|t| {
                !(0..leaves.len())
                    .any(|i| t.iter().all(|&k| value(&verts[k], id, &leaves, i) < 0.0))
            });
        }
        // Tessellation turns the patches into triangles, and a geometry shader the triangles
        // into the strips it emits (clip and cull distances are the vertex shader's only
        // without either). The stages between share the buffers in turn.
        let stream = if self.tes.is_some() || self.gs.is_some() {
            let shared = std::cell::RefCell::new((&mut *ssbos, &mut *counters));
            let stage_shader = |st: fresnel_ir::Stage| match st {
                fresnel_ir::Stage::TessControl => self.tcs.as_ref(),
                fresnel_ir::Stage::TessEval => self.tes.as_ref(),
                fresnel_ir::Stage::Geometry => self.gs.as_ref(),
                _ => None,
            };
            let setup = |it: &mut Interp<'_>| {
                it.limits.max_instructions = MAX_INSTRUCTIONS;
                let Some(sh) = stage_shader(it.stage()) else {
                    return;
                };
                set_state(it, sh, ortho);
                set_uniforms(it, uniforms);
                bind_textures(it, sh, uniforms, textures);
                let b = shared.borrow();
                bind_ssbos(it, sh, b.0);
                bind_counters(it, sh, b.1);
            };
            let after = |it: &Interp<'_>| {
                let Some(sh) = stage_shader(it.stage()) else {
                    return;
                };
                let mut b = shared.borrow_mut();
                let (ssbos, counters) = &mut *b;
                read_back_ssbos(it, sh, ssbos);
                read_back_counters(it, sh, counters);
            };
            let mut stream = stream;
            if let (Some(tes), Some((list, levels))) = (&self.tes, patches) {
                let sub = pipeline::Subdivision::Levels {
                    outer: levels.outer,
                    inner: levels.inner,
                };
                stream =
                    pipeline::tessellate(stream, list, self.tcs.as_ref(), tes, &setup, &after, sub)
                        .map_err(|e| format!("tessellation: {e}"))?;
            }
            if let Some(gs) = &self.gs {
                // The input primitives: the draw's points, lines or triangles (after
                // tessellation, its triangles).
                let prims = match source {
                    Vertices::Arrays { mode, .. } if self.tes.is_none() => mode.primitives(count),
                    _ => stream.tris.iter().map(|t| t.to_vec()).collect(),
                };
                stream = pipeline::geometry(stream, &prims, gs, &setup, &after)
                    .map_err(|e| format!("geometry shader: {e}"))?;
            }
            stream
        } else {
            stream
        };
        // The enabled clip planes' distances at each vertex of the last stage before
        // rasterization: its `gl_ClipDistance`, else the plane's equation (`clip plane`)
        // at its `gl_ClipVertex`, else at `gl_Position`.
        let clip: Option<Vec<[f64; 8]>> = (clip_planes != 0).then(|| {
            let last = stream.shader;
            let find = |name: &str| {
                last.vars_of(VarMode::ShaderOut)
                    .find(|(_, v)| v.builtin && v.name == name)
                    .map(|(id, _)| id)
            };
            let (cd, cv) = (find("gl_ClipDistance"), find("gl_ClipVertex"));
            let slot = |v: &pipeline::Vertex, id: fresnel_ir::VarId, i: usize| {
                let bits = v
                    .outs
                    .iter()
                    .find(|(o, _)| *o == id)
                    .and_then(|(_, s)| s.get(i))
                    .copied()
                    .unwrap_or(0);
                crate::deqp::scalar_f64(Scalar::decode(bits, Leaf::Float(32)))
            };
            stream
                .verts
                .iter()
                .map(|v| {
                    let mut d = [0.0; 8];
                    for (i, di) in d.iter_mut().enumerate() {
                        if clip_planes & (1 << i) == 0 {
                            continue;
                        }
                        *di = match (cd, cv) {
                            (Some(id), _) => slot(v, id, i),
                            (None, Some(id)) => {
                                (0..4).map(|k| plane_eqs[i][k] * slot(v, id, k)).sum()
                            }
                            (None, None) => (0..4).map(|k| plane_eqs[i][k] * v.pos[k]).sum(),
                        };
                    }
                    d
                })
                .collect()
        });
        // Coverage is found over each triangle's bounding box: a bounded amount of work.
        let coverage = pipeline::coverage(&stream, self.size, MAX_COVERAGE_TESTS).map_err(|n| {
            format!(
                "{} triangles over {w}x{h} pixels: {n} coverage tests, more than the runner's {MAX_COVERAGE_TESTS}",
                stream.tris.len()
            )
        })?;
        let written_primitive_id = stream
            .shader
            .vars_of(VarMode::ShaderOut)
            .find(|(_, v)| v.builtin && v.name == "gl_PrimitiveID")
            .map(|(id, _)| id);
        // The primitive id of each drawn triangle: its patch after tessellation, else its
        // first position.
        let mut drawn_index: std::collections::HashMap<[usize; 3], usize> =
            std::collections::HashMap::new();
        if stream.prim_ids.is_empty() {
            for (i, t) in drawn.iter().enumerate() {
                drawn_index.entry(*t).or_insert(i);
            }
        } else {
            for (t, p) in stream.tris.iter().zip(&stream.prim_ids) {
                drawn_index.entry(*t).or_insert(*p as usize);
            }
        }
        let mut frags: Vec<Fragment> = Vec::new();
        let mut raster: Vec<RasterFacts> = Vec::new();
        let mut hits = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let f = Fragment { x, y };
                if let Some((tri, b)) = coverage[(y * w + x) as usize] {
                    if let Some(d) = &clip {
                        // Clip space is interpolated perspective-correctly.
                        let q: Vec<f64> = (0..3)
                            .map(|k| {
                                let pw = stream.verts[tri[k]].pos[3];
                                b[k] / if pw == 0.0 { 1.0 } else { pw }
                            })
                            .collect();
                        let sum: f64 = q.iter().sum();
                        let wts: Vec<f64> = if sum == 0.0 {
                            b.to_vec()
                        } else {
                            q.iter().map(|x| x / sum).collect()
                        };
                        let clipped = (0..8).any(|i| {
                            clip_planes & (1 << i) != 0
                                && (0..3).map(|k| wts[k] * d[tri[k]][i]).sum::<f64>() < 0.0
                        });
                        if clipped {
                            continue;
                        }
                    }
                    frags.push(f);
                    hits.push((tri, b));
                    let mut facts = raster_facts(&stream, &tri, &b);
                    facts.primitive_id = match written_primitive_id {
                        // A geometry shader's `gl_PrimitiveID` at the provoking vertex.
                        Some(id) => stream.verts[tri[2]]
                            .outs
                            .iter()
                            .find(|(o, _)| *o == id)
                            .and_then(|(_, s)| s.first())
                            .map_or(0, |v| *v as u32),
                        None => drawn_index.get(&tri).copied().unwrap_or(0) as u32,
                    };
                    raster.push(facts);
                }
            }
        }
        if frags.is_empty() {
            return Ok(());
        }
        // The pixels of a touched 2x2 quad its primitive does not cover run as helpers, with
        // inputs extrapolated from the primitive of a covered member (for derivatives).
        let real = frags.len();
        let mut helper_flags = vec![false; real];
        let mut taken: std::collections::HashSet<(u32, u32)> =
            frags.iter().map(|f| (f.x, f.y)).collect();
        for i in 0..real {
            let (qx, qy) = (frags[i].x & !1, frags[i].y & !1);
            for k in 0..4u32 {
                let f = Fragment {
                    x: qx + (k & 1),
                    y: qy + (k >> 1),
                };
                if !taken.insert((f.x, f.y)) {
                    continue;
                }
                let tri = hits[i].0;
                let Some(b) = pipeline::extrapolated_weights(&stream, &tri, f, self.size) else {
                    continue;
                };
                frags.push(f);
                hits.push((tri, b));
                raster.push(raster[i]);
                helper_flags.push(true);
            }
        }
        let mut fi = Interp::new(fs).map_err(|e| e.to_string())?;
        fi.limits.max_instructions = MAX_INSTRUCTIONS;
        fi.per_fragment = raster;
        fi.helper_fragments = helper_flags;
        set_state(&mut fi, fs, ortho);
        pipeline::fragment_inputs_at(&stream, fs, &mut fi, &hits, true)
            .map_err(|e| format!("fragment inputs: {e}"))?;
        set_uniforms(&mut fi, uniforms);
        bind_textures(&mut fi, fs, uniforms, textures);
        bind_ssbos(&mut fi, fs, ssbos);
        bind_counters(&mut fi, fs, counters);
        fi.run_fragment(&frags)
            .map_err(|e| format!("fragment shader: {e}"))?;
        read_back_ssbos(&fi, fs, ssbos);
        read_back_counters(&fi, fs, counters);
        // The colour at location 0, component by component: `gl_FragColor`,
        // `gl_FragData[0]`, the outputs placed there (`layout(location = 0, component =
        // N)`), or the only user output (GL places it at 0).
        let unlocated = fs
            .vars_of(VarMode::ShaderOut)
            .filter(|(_, v)| !v.builtin && v.location.is_none())
            .count();
        // (output variable, its slot) feeding each of the four components.
        let mut feeds: [Option<(fresnel_ir::VarId, usize)>; 4] = [None; 4];
        for (id, v) in fs.vars_of(VarMode::ShaderOut) {
            let default = match v.name.as_str() {
                "gl_FragColor" | "gl_FragData" => Some(0),
                _ if !v.builtin && unlocated == 1 => Some(0),
                _ => None,
            };
            if v.builtin && default.is_none() {
                continue;
            }
            let Some(slots) = crate::deqp::var_loc_slots(fs, id, default) else {
                continue;
            };
            for (k, (loc, comp)) in slots.iter().enumerate() {
                if *loc == 0 && *comp < 4 {
                    feeds[usize::from(*comp)] = Some((id, k));
                }
            }
        }
        if feeds.iter().all(Option::is_none) {
            return Ok(());
        }
        let discarded = fi.discarded().to_vec();
        let mut colors = vec![[0.0, 0.0, 0.0, 1.0]; frags.len()];
        for (c, feed) in feeds.iter().enumerate() {
            let Some((id, slot)) = feed else {
                continue;
            };
            let leaf = fi
                .leaves(*id)
                .get(*slot)
                .copied()
                .unwrap_or(Leaf::Float(32));
            if !matches!(leaf, Leaf::Float(_)) {
                return Err(
                    "an integer colour output (integer framebuffers are not modelled)".into(),
                );
            }
            let Some(values) = fi.output(&fs.vars[*id].name) else {
                continue;
            };
            for (i, color) in colors.iter_mut().enumerate() {
                if let Some(b) = values.get(i).and_then(|s| s.get(*slot)) {
                    color[c] = crate::deqp::scalar_f64(Scalar::decode(*b, leaf));
                }
            }
        }
        for (i, f) in frags.iter().enumerate() {
            if !discarded.get(i).copied().unwrap_or(false) {
                fb[(f.y * w + f.x) as usize] = colors[i].map(unorm8);
            }
        }
        Ok(())
    }
}

/// Facing, depth and `1/w` of a fragment at barycentric `b` in triangle `tri`
/// (counter-clockwise in the window is the front, GL's default).
fn raster_facts(stream: &pipeline::Stream<'_>, tri: &[usize; 3], b: &[f64; 3]) -> RasterFacts {
    let p: Vec<[f64; 4]> = tri.iter().map(|&i| stream.verts[i].pos).collect();
    let ndc: Vec<[f64; 3]> = p
        .iter()
        .map(|v| {
            let w = if v[3] == 0.0 { 1.0 } else { v[3] };
            [v[0] / w, v[1] / w, v[2] / w]
        })
        .collect();
    let area = (ndc[1][0] - ndc[0][0]) * (ndc[2][1] - ndc[0][1])
        - (ndc[2][0] - ndc[0][0]) * (ndc[1][1] - ndc[0][1]);
    let z: f64 = (0..3).map(|k| b[k] * ndc[k][2]).sum();
    let inv_w: f64 = (0..3)
        .map(|k| b[k] / if p[k][3] == 0.0 { 1.0 } else { p[k][3] })
        .sum();
    RasterFacts {
        back_facing: area < 0.0,
        depth: (z * 0.5 + 0.5).clamp(0.0, 1.0) as f32,
        inv_w: inv_w as f32,
        primitive_id: 0,
    }
}

/// The patch state of `patch parameter` commands: vertices per patch, and the default
/// tessellation levels (used without a tessellation control shader).
#[derive(Clone, Copy, Debug)]
struct PatchState {
    vertices: usize,
    outer: [f64; 4],
    inner: [f64; 2],
}

/// GL's initial patch state.
const DEFAULT_PATCH_STATE: PatchState = PatchState {
    vertices: 3,
    outer: [1.0; 4],
    inner: [1.0; 2],
};

/// Most vertices a patch may have (`GL_MAX_PATCH_VERTICES`).
const MAX_PATCH_VERTICES: usize = 32;

/// A 4x4 matrix, column-major (`m[column][row]`).
type Mat4 = [[f64; 4]; 4];

const IDENTITY: Mat4 = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 1.0],
];

fn transpose(m: &Mat4) -> Mat4 {
    let mut t = [[0.0; 4]; 4];
    for (c, col) in m.iter().enumerate() {
        for (r, v) in col.iter().enumerate() {
            t[r][c] = *v;
        }
    }
    t
}

/// The value of a fixed-function matrix uniform: GL's initial state (every matrix the
/// identity), with `ortho` (left, right, bottom, top) the projection `glOrtho(L, R, B, T,
/// -1, 1)` that shader_runner's `ortho` sets (without arguments, the window in pixels).
fn state_matrix(name: &str, ortho: Option<[f64; 4]>) -> Option<Mat4> {
    let base = name
        .trim_end_matches("Transpose")
        .trim_end_matches("Inverse");
    let inverse = name.ends_with("Inverse") || name.ends_with("InverseTranspose");
    let transposed = name.ends_with("Transpose");
    let m = match base {
        "gl_ProjectionMatrix" | "gl_ModelViewProjectionMatrix" => match ortho {
            Some([l, r, b, t]) => {
                if inverse {
                    [
                        [(r - l) / 2.0, 0.0, 0.0, 0.0],
                        [0.0, (t - b) / 2.0, 0.0, 0.0],
                        [0.0, 0.0, -1.0, 0.0],
                        [(r + l) / 2.0, (t + b) / 2.0, 0.0, 1.0],
                    ]
                } else {
                    [
                        [2.0 / (r - l), 0.0, 0.0, 0.0],
                        [0.0, 2.0 / (t - b), 0.0, 0.0],
                        [0.0, 0.0, -1.0, 0.0],
                        [-(r + l) / (r - l), -(t + b) / (t - b), 0.0, 1.0],
                    ]
                }
            }
            None => IDENTITY,
        },
        "gl_ModelViewMatrix" | "gl_TextureMatrix" | "gl_NormalMatrix" => IDENTITY,
        _ => return None,
    };
    Some(if transposed { transpose(&m) } else { m })
}

/// Sets the built-in state uniforms a shader reads to GL's initial state (see
/// [`state_matrix`]); `gl_DepthRange` is (0, 1).
fn set_state(it: &mut Interp<'_>, sh: &Shader, ortho: Option<[f64; 4]>) {
    for (_, v) in sh.vars_of(VarMode::Uniform) {
        if !v.builtin {
            continue;
        }
        if v.name == "gl_DepthRange" {
            let _ = it.set_uniform_path("gl_DepthRange.far", &[Scalar::Float(1.0)]);
            let _ = it.set_uniform_path("gl_DepthRange.diff", &[Scalar::Float(1.0)]);
            continue;
        }
        let Some(m) = state_matrix(&v.name, ortho) else {
            continue;
        };
        let (elem, count) = match sh.types.get(v.ty) {
            Type::Array { elem, len, .. } => (*elem, *len),
            _ => (v.ty, 1),
        };
        let Type::Matrix { columns, rows, .. } = *sh.types.get(elem) else {
            continue;
        };
        let mut vals = Vec::new();
        for _ in 0..count {
            for col in m.iter().take(usize::from(columns)) {
                vals.extend(
                    col.iter()
                        .take(usize::from(rows))
                        .map(|x| Scalar::Float(*x)),
                );
            }
        }
        let _ = it.set_uniform_scalars(&v.name, &vals);
    }
}

/// The vertices of a draw: `draw rect`'s rectangle (x, y, w, h in normalized device
/// coordinates), or rows of `[vertex data]` (`draw arrays`).
enum Vertices<'a> {
    /// The rectangle and its texture coordinates (s, t, width, height).
    Rect([f64; 4], [f64; 4]),
    Arrays {
        data: &'a VertexData,
        rows: &'a [&'a [f64]],
        mode: Mode,
    },
}

/// The primitive modes `draw arrays` draws.
#[derive(Copy, Clone, Debug)]
enum Mode {
    Triangles,
    TriangleStrip,
    TriangleFan,
    /// Compatibility-profile quadrilaterals, drawn as two triangles each.
    Quads,
    /// Patches of `patch parameter vertices` vertices, for tessellation.
    Patches,
    /// Points and lines: drawn only through a geometry shader taking them.
    Points,
    Lines,
    LineStrip,
    LineLoop,
    LinesAdjacency,
    LineStripAdjacency,
    TrianglesAdjacency,
}

impl Mode {
    fn parse(s: &str) -> Option<Mode> {
        Some(match s {
            "GL_TRIANGLES" => Mode::Triangles,
            "GL_TRIANGLE_STRIP" => Mode::TriangleStrip,
            "GL_TRIANGLE_FAN" => Mode::TriangleFan,
            "GL_QUADS" => Mode::Quads,
            "GL_PATCHES" => Mode::Patches,
            "GL_POINTS" => Mode::Points,
            "GL_LINES" => Mode::Lines,
            "GL_LINE_STRIP" => Mode::LineStrip,
            "GL_LINE_LOOP" => Mode::LineLoop,
            "GL_LINES_ADJACENCY" => Mode::LinesAdjacency,
            "GL_LINE_STRIP_ADJACENCY" => Mode::LineStripAdjacency,
            "GL_TRIANGLES_ADJACENCY" => Mode::TrianglesAdjacency,
            _ => return None,
        })
    }

    /// The geometry shader input primitive this mode feeds (`layout(X) in`).
    fn geometry_input(self) -> &'static str {
        match self {
            Mode::Triangles
            | Mode::TriangleStrip
            | Mode::TriangleFan
            | Mode::Quads
            | Mode::Patches => "triangles",
            Mode::Points => "points",
            Mode::Lines | Mode::LineStrip | Mode::LineLoop => "lines",
            Mode::LinesAdjacency | Mode::LineStripAdjacency => "lines_adjacency",
            Mode::TrianglesAdjacency => "triangles_adjacency",
        }
    }

    /// The primitives of `n` vertices as a geometry shader receives them.
    fn primitives(self, n: usize) -> Vec<Vec<usize>> {
        match self {
            Mode::Points => (0..n).map(|i| vec![i]).collect(),
            Mode::Lines => (0..n / 2).map(|i| vec![2 * i, 2 * i + 1]).collect(),
            Mode::LineStrip => (0..n.saturating_sub(1)).map(|i| vec![i, i + 1]).collect(),
            Mode::LineLoop if n >= 2 => (0..n).map(|i| vec![i, (i + 1) % n]).collect(),
            Mode::LineLoop => Vec::new(),
            Mode::LinesAdjacency => (0..n / 4).map(|i| (4 * i..4 * i + 4).collect()).collect(),
            Mode::LineStripAdjacency => (0..n.saturating_sub(3))
                .map(|i| (i..i + 4).collect())
                .collect(),
            Mode::TrianglesAdjacency => (0..n / 6).map(|i| (6 * i..6 * i + 6).collect()).collect(),
            _ => self.triangles(n).iter().map(|t| t.to_vec()).collect(),
        }
    }

    /// The triangles of `n` vertices, each with its provoking (last) vertex third.
    fn triangles(self, n: usize) -> Vec<[usize; 3]> {
        match self {
            Mode::Triangles => (0..n / 3).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]).collect(),
            Mode::TriangleStrip => (0..n.saturating_sub(2))
                .map(|i| {
                    if i % 2 == 0 {
                        [i, i + 1, i + 2]
                    } else {
                        [i + 1, i, i + 2]
                    }
                })
                .collect(),
            Mode::TriangleFan => (0..n.saturating_sub(2))
                .map(|i| [0, i + 1, i + 2])
                .collect(),
            // Each quadrilateral as (0, 1, 3) and (1, 2, 3): the same winding, and its last
            // vertex provoking.
            Mode::Quads => (0..n / 4)
                .flat_map(|i| {
                    let b = 4 * i;
                    [[b, b + 1, b + 3], [b + 1, b + 2, b + 3]]
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// A `[vertex data]` section: columns `name/type/size` (the name may be a location) and
/// rows of numbers.
#[derive(Default)]
struct VertexData {
    /// (name, first value in a row, components).
    columns: Vec<(String, usize, usize)>,
    rows: Vec<Vec<f64>>,
}

/// Most rows of `[vertex data]`.
const MAX_VERTICES: usize = 1 << 16;

impl VertexData {
    fn parse(text: &str) -> Result<VertexData, String> {
        let mut lines = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty());
        let header = lines.next().ok_or("`[vertex data]` without a header")?;
        let mut columns = Vec::new();
        let mut at = 0usize;
        for col in header.split_whitespace() {
            let parts: Vec<&str> = col.split('/').collect();
            let [name, ty, size] = parts.as_slice() else {
                return Err(format!("vertex data column `{col}` is not read"));
            };
            if !matches!(*ty, "float" | "double" | "int" | "uint") {
                return Err(format!("vertex data of type `{ty}` is not read"));
            }
            let n = match *size {
                "float" | "double" | "int" | "uint" => 1,
                s => match s.trim_start_matches(['d', 'i', 'u']) {
                    "vec2" => 2,
                    "vec3" => 3,
                    "vec4" => 4,
                    s => s
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=4).contains(n))
                        .ok_or_else(|| format!("vertex data column `{col}` is not read"))?,
                },
            };
            columns.push((name.to_string(), at, n));
            at += n;
        }
        let mut rows = Vec::new();
        for l in lines {
            let row: Option<Vec<f64>> = l
                .split_whitespace()
                .map(|w| {
                    if w.trim_start_matches('-').starts_with("0x") {
                        parse_int(w).map(|x| x as f64)
                    } else {
                        w.parse::<f64>().ok()
                    }
                })
                .collect();
            match row {
                Some(r) if r.len() == at => rows.push(r),
                _ => return Err(format!("vertex data row `{l}` is not read")),
            }
            if rows.len() > MAX_VERTICES {
                return Err("more vertex data than the runner draws".into());
            }
        }
        Ok(VertexData { columns, rows })
    }

    /// The column feeding an input: by name, or by its location.
    fn column(&self, name: &str, location: Option<i32>) -> Option<(usize, usize)> {
        self.columns
            .iter()
            .find(|(n, _, _)| {
                n == name || location.is_some_and(|l| n.parse::<i32>().ok() == Some(l))
            })
            .map(|(_, at, n)| (*at, *n))
    }
}

/// The four components of an attribute from a row (missing ones as GL fills them).
fn data_value(row: &[f64], (at, n): (usize, usize)) -> [f64; 4] {
    let mut v = [0.0, 0.0, 0.0, 1.0];
    for (k, x) in v.iter_mut().take(n).enumerate() {
        *x = row.get(at + k).copied().unwrap_or(0.0);
    }
    v
}

/// Largest storage buffer a test may create.
const MAX_BUFFER: usize = 1 << 26;

/// The storage blocks of a shader by binding (an unbound block is at 0).
fn ssbo_vars(sh: &Shader) -> Vec<(u32, String)> {
    sh.vars_of(VarMode::Ssbo)
        .map(|(_, v)| (v.binding.unwrap_or(0), v.name.clone()))
        .collect()
}

/// Gives the shader's storage blocks the runner's buffers.
fn bind_ssbos(it: &mut Interp<'_>, sh: &Shader, ssbos: &BTreeMap<u32, Vec<u8>>) {
    for (binding, name) in ssbo_vars(sh) {
        if let Some(bytes) = ssbos.get(&binding) {
            let _ = it.set_buffer(&name, bytes.clone());
        }
    }
}

/// Takes back what a run wrote to the storage blocks.
fn read_back_ssbos(it: &Interp<'_>, sh: &Shader, ssbos: &mut BTreeMap<u32, Vec<u8>>) {
    for (binding, name) in ssbo_vars(sh) {
        if let (Some(bytes), Some(buf)) = (it.buffer(&name), ssbos.get_mut(&binding)) {
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
        }
    }
}

/// Runs the compute shader over `groups` work groups.
fn dispatch(
    cs: &Shader,
    (groups, group_size): ([u32; 3], Option<[u32; 3]>),
    (uniforms, textures): (&[Uniform], &Textures),
    ssbos: &mut BTreeMap<u32, Vec<u8>>,
    counters: &mut Counters,
) -> Result<(), String> {
    let mut it = Interp::new(cs).map_err(|e| e.to_string())?;
    it.limits.max_instructions = MAX_INSTRUCTIONS;
    it.variable_group_size = group_size;
    set_state(&mut it, cs, None);
    set_uniforms(&mut it, uniforms);
    bind_textures(&mut it, cs, uniforms, textures);
    bind_ssbos(&mut it, cs, ssbos);
    bind_counters(&mut it, cs, counters);
    it.run_compute(groups)
        .map_err(|e| format!("compute shader: {e}"))?;
    read_back_ssbos(&it, cs, ssbos);
    read_back_counters(&it, cs, counters);
    Ok(())
}

/// 2D textures by texture unit.
type Textures = BTreeMap<u32, fresnel_interp::Texture>;

/// Largest texture side `texture` commands make.
const MAX_TEXTURE_SIDE: u32 = 4096;

/// A texture of shader_runner's `texture rgbw UNIT (W, H)` (quadrants red, green, blue,
/// white from the bottom left, alpha 1: `piglit_rgbw_texture`) or `texture checkerboard
/// UNIT LEVEL (W, H) (RGBA) (RGBA)` (2x2 squares, the first colour at the origin:
/// `piglit_checkerboard_texture`); nearest filtering, clamped to the edge, level 0 only.
fn make_texture(kind: &str, rest: &str) -> Result<fresnel_interp::Texture, String> {
    let nums = numbers(rest).ok_or("is not run (arguments)")?;
    let (w, h, level, colours) = match kind {
        "rgbw" if nums.len() == 2 => (nums[0], nums[1], 0.0, None),
        "checkerboard" if nums.len() == 11 => (nums[1], nums[2], nums[0], Some(&nums[3..11])),
        _ => return Err("is not run (arguments or format)".into()),
    };
    if level != 0.0 {
        return Err("is not run (a level other than 0)".into());
    }
    let side = |v: f64| (v >= 1.0 && v <= f64::from(MAX_TEXTURE_SIDE)).then_some(v as u32);
    let (Some(w), Some(h)) = (side(w), side(h)) else {
        return Err("is not run (size)".into());
    };
    let (hw, hh) = ((w / 2).max(1), (h / 2).max(1));
    let level = fresnel_interp::Level::from_fn(w, h, 1, |x, y, _| match colours {
        None => match (x < hw, y < hh) {
            (true, true) => [1.0, 0.0, 0.0, 1.0],
            (false, true) => [0.0, 1.0, 0.0, 1.0],
            (true, false) => [0.0, 0.0, 1.0, 1.0],
            (false, false) => [1.0, 1.0, 1.0, 1.0],
        },
        // GL_RGBA textures hold 8-bit unsigned normalized texels.
        Some(c) => {
            let k = if (x / hw + y / hh) % 2 == 0 { 0 } else { 4 };
            [c[k], c[k + 1], c[k + 2], c[k + 3]].map(|v| f64::from(unorm8(v)) / 255.0)
        }
    });
    let mut t = fresnel_interp::Texture::new(fresnel_ir::SamplerDim::D2, false, level);
    t.wrap = [fresnel_interp::Wrap::ClampToEdge; 3];
    Ok(t)
}

/// shader_runner's `texture miptree UNIT` (`piglit_miptree_texture`): 8x8 with four levels
/// of solid red, green, blue and white; nearest filtering between and within levels,
/// clamped.
fn miptree_texture() -> fresnel_interp::Texture {
    const COLOURS: [[f64; 4]; 4] = [
        [1.0, 0.0, 0.0, 1.0],
        [0.0, 1.0, 0.0, 1.0],
        [0.0, 0.0, 1.0, 1.0],
        [1.0, 1.0, 1.0, 1.0],
    ];
    let level = |k: usize| fresnel_interp::Level::from_fn(8 >> k, 8 >> k, 1, |_, _, _| COLOURS[k]);
    let mut t = fresnel_interp::Texture::new(fresnel_ir::SamplerDim::D2, false, level(0));
    t.levels.extend((1..4).map(level));
    t.wrap = [fresnel_interp::Wrap::ClampToEdge; 3];
    t.mip_filter = fresnel_interp::MipFilter::Nearest;
    t
}

/// shader_runner's `texture rgbw 1DArray UNIT (W, LAYERS)` and `texture rgbw 2DArray UNIT
/// (W, H, LAYERS)` (`piglit_array_texture`): layer `k` solid red, green, blue or white
/// (`k % 4`); nearest filtering, clamped, one level.
fn array_texture(kind: &str, nums: &[f64]) -> Result<fresnel_interp::Texture, String> {
    const COLOURS: [[f64; 4]; 4] = [
        [1.0, 0.0, 0.0, 1.0],
        [0.0, 1.0, 0.0, 1.0],
        [0.0, 0.0, 1.0, 1.0],
        [1.0, 1.0, 1.0, 1.0],
    ];
    let [w, h, layers] = match (kind, nums) {
        ("1DArray", [w, l]) => [*w, 1.0, *l],
        ("2DArray", [w, h, l]) => [*w, *h, *l],
        _ => return Err("is not run (arguments)".into()),
    };
    let side = |v: f64| (v >= 1.0 && v <= f64::from(MAX_TEXTURE_SIDE)).then_some(v as u32);
    let (Some(w), Some(h), Some(layers)) = (side(w), side(h), side(layers)) else {
        return Err("is not run (size)".into());
    };
    if u64::from(w) * u64::from(h) * u64::from(layers) > fresnel_interp::tex::MAX_TEXELS as u64 {
        return Err("is not run (size)".into());
    }
    let level = fresnel_interp::Level::from_fn(w, h, layers, |_, _, z| COLOURS[(z % 4) as usize]);
    let dim = if kind == "1DArray" {
        fresnel_ir::SamplerDim::D1
    } else {
        fresnel_ir::SamplerDim::D2
    };
    let mut t = fresnel_interp::Texture::new(dim, true, level);
    t.wrap = [fresnel_interp::Wrap::ClampToEdge; 3];
    Ok(t)
}

/// The dimensionality and arrayness of a `texparameter` target.
fn target_of(target: &str) -> Option<(fresnel_ir::SamplerDim, bool)> {
    use fresnel_ir::SamplerDim as D;
    Some(match target {
        "1D" => (D::D1, false),
        "2D" => (D::D2, false),
        "3D" => (D::D3, false),
        "Rect" => (D::Rect, false),
        "1DArray" => (D::D1, true),
        "2DArray" => (D::D2, true),
        _ => return None,
    })
}

/// A depth texture of shader_runner's `texture shadow1D UNIT (W)`, `shadow2D UNIT (W, H)`,
/// `shadowRect UNIT (W, H)`, `shadow1DArray UNIT (W, LAYERS)` and `shadow2DArray UNIT (W, H,
/// LAYERS)` (`piglit_depth_texture`): depth `x / (W - 1)` from the left to the right
/// edge, every layer alike; nearest filtering, clamped, compared with `GL_GREATER`.
fn depth_texture(kind: &str, nums: &[f64]) -> Result<fresnel_interp::Texture, String> {
    use fresnel_ir::SamplerDim as D;
    let (dim, array, [w, h, layers]) = match (kind, nums) {
        ("shadow1D", [w]) => (D::D1, false, [*w, 1.0, 1.0]),
        ("shadow2D", [w, h]) => (D::D2, false, [*w, *h, 1.0]),
        ("shadowRect", [w, h]) => (D::Rect, false, [*w, *h, 1.0]),
        ("shadow1DArray", [w, l]) => (D::D1, true, [*w, 1.0, *l]),
        ("shadow2DArray", [w, h, l]) => (D::D2, true, [*w, *h, *l]),
        _ => return Err("is not run (kind or arguments)".into()),
    };
    let side = |v: f64| (v >= 1.0 && v <= f64::from(MAX_TEXTURE_SIDE)).then_some(v as u32);
    let (Some(w), Some(h), Some(layers)) = (side(w), side(h), side(layers)) else {
        return Err("is not run (size)".into());
    };
    if u64::from(w) * u64::from(h) * u64::from(layers) > fresnel_interp::tex::MAX_TEXELS as u64 {
        return Err("is not run (size)".into());
    }
    let level = fresnel_interp::Level::from_fn(w, h, layers, |x, _, _| {
        let d = if w > 1 {
            f64::from(x as f32 / (w - 1) as f32)
        } else {
            0.0
        };
        [d, d, d, 1.0]
    });
    let mut t = fresnel_interp::Texture::new(dim, array, level);
    t.wrap = [fresnel_interp::Wrap::ClampToEdge; 3];
    t.compare = fresnel_interp::Compare::Greater;
    Ok(t)
}

/// `texparameter TARGET min|mag FILTER`, `compare_func FUNC`, `depth_mode luminance`.
fn tex_parameter(t: &mut fresnel_interp::Texture, what: &str, value: &str) -> Result<(), String> {
    use fresnel_interp::{Compare, Filter, MipFilter};
    if what == "compare_func" {
        t.compare = match value {
            "never" => Compare::Never,
            "less" => Compare::Less,
            "equal" => Compare::Equal,
            "lequal" => Compare::LessEqual,
            "greater" => Compare::Greater,
            "notequal" => Compare::NotEqual,
            "gequal" => Compare::GreaterEqual,
            "always" => Compare::Always,
            _ => return Err(format!("`texparameter {what} {value}` is not set")),
        };
        return Ok(());
    }
    if what == "depth_mode" {
        // The legacy shadow functions' (r, r, r, 1) is compiled into the shader: GL's
        // initial LUMINANCE mode is the one modelled.
        return if value == "luminance" {
            Ok(())
        } else {
            Err(format!(
                "`texparameter depth_mode {value}` (the luminance mode is compiled in)"
            ))
        };
    }
    let filter = |v: &str| match v {
        "nearest" | "nearest_mipmap_nearest" | "nearest_mipmap_linear" => Some(Filter::Nearest),
        "linear" | "linear_mipmap_nearest" | "linear_mipmap_linear" => Some(Filter::Linear),
        _ => None,
    };
    match (what, filter(value)) {
        ("mag", Some(f)) => t.mag_filter = f,
        ("min", Some(f)) => {
            t.min_filter = f;
            t.mip_filter = match value {
                "nearest_mipmap_nearest" | "linear_mipmap_nearest" => MipFilter::Nearest,
                "nearest_mipmap_linear" | "linear_mipmap_linear" => MipFilter::Linear,
                _ => MipFilter::None,
            };
        }
        _ => return Err(format!("`texparameter 2D {what} {value}` is not set")),
    }
    Ok(())
}

/// Binds to each sampler uniform the texture of the unit the test set it to (GL's default
/// value is unit 0).
fn bind_textures(it: &mut Interp<'_>, sh: &Shader, uniforms: &[Uniform], textures: &Textures) {
    for (_, v) in sh.vars_of(VarMode::Uniform) {
        let mut leaves = Vec::new();
        sampler_paths(&sh.types, v.ty, &v.name, 0, &mut leaves, 0);
        // Without a `uniform` command, `layout(binding = N)` gives the units N, N+1, ...
        // (GL's default is unit 0).
        let binding = v.binding.unwrap_or(0);
        for (k, (path, slot)) in leaves.into_iter().enumerate() {
            let unit = uniforms
                .iter()
                .find(|(n, _, _)| *n == path || (slot == 0 && *n == v.name))
                .and_then(|(_, _, vals)| vals.first())
                .map_or(binding + k as u32, |s| crate::deqp::scalar_f64(*s) as u32);
            if let Some(t) = textures.get(&unit) {
                let _ = it.bind_texture(&v.name, slot, t.clone());
            }
        }
    }
}

/// The samplers inside a uniform of type `ty`: their GL API paths (`tex[1][0]`,
/// `s.inner[2].tex`) and slot offsets in the variable.
fn sampler_paths(
    types: &fresnel_ir::Types,
    ty: fresnel_ir::TypeId,
    path: &str,
    slot: u32,
    out: &mut Vec<(String, u32)>,
    depth: usize,
) {
    if depth > 16 || out.len() > 256 {
        return;
    }
    match types.get(ty) {
        Type::Sampler { .. } => out.push((path.to_string(), slot)),
        Type::Array { elem, len, .. } => {
            let n = pipeline::scalar_count(types, *elem, 0) as u32;
            for i in 0..(*len).clamp(1, 64) {
                let p = format!("{path}[{i}]");
                sampler_paths(types, *elem, &p, slot + i * n, out, depth + 1);
            }
        }
        Type::Struct { fields, .. } => {
            let mut at = slot;
            for f in fields {
                let p = format!("{path}.{}", f.name);
                sampler_paths(types, f.ty, &p, at, out, depth + 1);
                at += pipeline::scalar_count(types, f.ty, 0) as u32;
            }
        }
        _ => {}
    }
}

/// Most instances of an instanced draw.
const MAX_INSTANCES: u32 = 64;

/// The state a draw takes besides its vertices and buffers: the fixed-function projection
/// (`ortho`), the patches (with the patch parameters) and the instance.
#[derive(Clone, Copy)]
struct DrawState<'a> {
    ortho: Option<[f64; 4]>,
    patches: Option<(&'a [Vec<usize>], &'a PatchState)>,
    instance: u32,
}

/// Atomic counter buffers by binding: the counters' values.
type Counters = BTreeMap<u32, Vec<u32>>;

/// Most counters an atomic counter buffer may hold.
const MAX_COUNTERS: usize = 1 << 16;

/// The buffers a draw reads and writes.
struct Buffers<'a> {
    ssbos: &'a mut BTreeMap<u32, Vec<u8>>,
    counters: &'a mut Counters,
    textures: &'a Textures,
    /// Enabled clip distances (bit `n`: `gl_ClipDistance[n]` clips).
    clip_planes: u32,
    /// `clip plane` equations (used where the last stage writes no `gl_ClipDistance`).
    plane_eqs: [[f64; 4]; 8],
}

/// The atomic counters of a shader: (variable, binding, first counter, counters). An
/// offset not given follows the previous counter of the same binding (GLSL "Atomic Counter
/// Layout Qualifiers").
fn counter_vars(sh: &Shader) -> Vec<(String, u32, usize, usize)> {
    let mut next: BTreeMap<u32, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for (_, v) in sh.vars_of(VarMode::Uniform) {
        let mut ty = v.ty;
        let mut count = 1usize;
        while let Type::Array { elem, len, .. } = sh.types.get(ty) {
            count = count.saturating_mul((*len).max(1) as usize);
            ty = *elem;
        }
        if !matches!(sh.types.get(ty), Type::AtomicCounter) {
            continue;
        }
        let binding = v.binding.unwrap_or(0);
        let first = match v.offset {
            Some(o) => o as usize / 4,
            None => next.get(&binding).copied().unwrap_or(0),
        };
        next.insert(binding, first.saturating_add(count));
        out.push((v.name.clone(), binding, first, count));
    }
    out
}

/// Gives the shader's atomic counters the buffers' values.
fn bind_counters(it: &mut Interp<'_>, sh: &Shader, counters: &Counters) {
    for (name, binding, first, count) in counter_vars(sh) {
        let Some(buf) = counters.get(&binding) else {
            continue;
        };
        let slots: Vec<u64> = (first..first.saturating_add(count))
            .map(|i| u64::from(buf.get(i).copied().unwrap_or(0)))
            .collect();
        let _ = it.set_uniform(&name, slots);
    }
}

/// Takes back the counters' values after a run.
fn read_back_counters(it: &Interp<'_>, sh: &Shader, counters: &mut Counters) {
    for (name, binding, first, count) in counter_vars(sh) {
        let (Some(slots), Some(buf)) = (it.uniform(&name), counters.get_mut(&binding)) else {
            continue;
        };
        for (k, v) in slots.iter().take(count).enumerate() {
            if let Some(c) = buf.get_mut(first + k) {
                *c = *v as u32;
            }
        }
    }
}

/// The bytes of an `ssbo N subdata TYPE OFFSET VALUES` command (little-endian).
fn subdata_bytes(ty: &str, vals: &[&str]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for v in vals {
        let int = parse_int;
        let bad = || format!("ssbo value `{v}` of type `{ty}`");
        match ty {
            "float" => match v.strip_prefix("0x") {
                Some(h) => out.extend(u32::from_str_radix(h, 16).map_err(|_| bad())?.to_le_bytes()),
                None => out.extend(v.parse::<f32>().map_err(|_| bad())?.to_le_bytes()),
            },
            "double" => out.extend(v.parse::<f64>().map_err(|_| bad())?.to_le_bytes()),
            "int" | "uint" => out.extend((int(v).ok_or_else(bad)? as u32).to_le_bytes()),
            "int64" | "uint64" | "int64_t" | "uint64_t" => {
                out.extend((int(v).ok_or_else(bad)? as u64).to_le_bytes())
            }
            _ => return Err(format!("ssbo data of type `{ty}` is not written")),
        }
    }
    Ok(out)
}

/// Checks `probe ssbo TYPE N OFFSET OP VALUE...`: `Ok(Some(why))` when it fails.
fn probe_ssbo(
    ty: &str,
    n: &str,
    offset: &str,
    op: &str,
    vals: &[&str],
    ssbos: &BTreeMap<u32, Vec<u8>>,
) -> Result<Option<String>, String> {
    let (Ok(n), Ok(offset)) = (n.parse::<u32>(), offset.parse::<usize>()) else {
        return Err(format!("probe ssbo {ty} {n} {offset}"));
    };
    let Some(buf) = ssbos.get(&n) else {
        return Ok(Some(format!("probe ssbo: no buffer at binding {n}")));
    };
    let size = match ty {
        "int" | "uint" | "float" => 4,
        "double" | "int64" | "uint64" => 8,
        _ => return Err(format!("probe ssbo of type `{ty}` is not run")),
    };
    for (i, want) in vals.iter().enumerate() {
        let at = offset.saturating_add(i * size);
        let Some(b) = buf.get(at..at.saturating_add(size)) else {
            return Ok(Some(format!(
                "probe ssbo {n} at {at}: past the buffer's end"
            )));
        };
        let word = b
            .iter()
            .rev()
            .fold(0u64, |acc, x| (acc << 8) | u64::from(*x));
        let (got, want_v): (f64, Option<f64>) = match ty {
            "float" => (
                f64::from(f32::from_bits(word as u32)),
                want.parse::<f64>().ok(),
            ),
            "double" => (f64::from_bits(word), want.parse::<f64>().ok()),
            "int" => (
                f64::from(word as u32 as i32),
                uniform_values("int", &[want])
                    .ok()
                    .and_then(|v| v.first().map(|s| crate::deqp::scalar_f64(*s))),
            ),
            "int64" => (
                word as i64 as f64,
                want.parse::<i64>().ok().map(|x| x as f64),
            ),
            _ => (
                word as f64,
                uniform_values(if size == 4 { "uint" } else { "uint64_t" }, &[want])
                    .ok()
                    .and_then(|v| v.first().map(|s| crate::deqp::scalar_f64(*s))),
            ),
        };
        let Some(want_v) = want_v else {
            return Err(format!("probe ssbo value `{want}`"));
        };
        let ok = match op {
            "==" => got == want_v,
            "!=" => got != want_v,
            "~=" => (got - want_v).abs() <= 1e-4 * want_v.abs().max(1.0),
            "<" => got < want_v,
            "<=" => got <= want_v,
            ">" => got > want_v,
            ">=" => got >= want_v,
            _ => return Err(format!("probe ssbo operator `{op}` is not run")),
        };
        if !ok {
            return Ok(Some(format!(
                "probe ssbo {ty} {n} {at} {op} {want}: observed {got}"
            )));
        }
    }
    Ok(None)
}

/// A colour channel stored in an 8-bit unorm framebuffer.
fn unorm8(v: f64) -> u8 {
    let v = if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
    (v * 255.0).round() as u8
}

/// Every number in a text (parentheses, commas and a stray `;` are separators).
fn numbers(text: &str) -> Option<Vec<f64>> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';'))
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<f64>().ok())
        .collect()
}

/// An integer of a test file: decimal or `0x` hexadecimal, either with a sign (`-0x10` is
/// -16; stored as the type's two's complement by the caller).
fn parse_int(v: &str) -> Option<i128> {
    let (neg, mag) = match v.strip_prefix('-') {
        Some(m) => (true, m),
        None => (false, v.strip_prefix('+').unwrap_or(v)),
    };
    let x = match mag.strip_prefix("0x").or_else(|| mag.strip_prefix("0X")) {
        Some(h) => i128::from_str_radix(h, 16).ok()?,
        None => mag.parse::<i128>().ok()?,
    };
    Some(if neg { -x } else { x })
}

/// The scalars of a `uniform TYPE NAME VALUES` command.
fn uniform_values(ty: &str, vals: &[&str]) -> Result<Vec<Scalar>, String> {
    let base = ty.trim_start_matches(|c: char| c.is_ascii_digit());
    let kind = if base.starts_with("float")
        || base.starts_with("vec")
        || base.starts_with("mat")
        || base.starts_with("double")
        || base.starts_with("dvec")
        || base.starts_with("dmat")
    {
        'f'
    } else if base.starts_with("uint") || base.starts_with("uvec") || base.starts_with("u64vec") {
        'u'
    } else if base.starts_with("int64") || base.starts_with("i64vec") {
        'I'
    } else if base.starts_with("int") || base.starts_with("ivec") {
        'i'
    } else if base.starts_with("bool") || base.starts_with("bvec") {
        'b'
    } else {
        return Err(format!("uniforms of type `{ty}` are not set"));
    };
    vals.iter()
        .map(|v| v.trim_end_matches([',', ';']))
        .filter(|v| !v.is_empty())
        .map(|v| {
            let int = parse_int;
            let s = match kind {
                // A float given as its bits (`0x3f800000`).
                'f' => match v.strip_prefix("0x") {
                    Some(h) => u32::from_str_radix(h, 16)
                        .ok()
                        .map(|b| Scalar::Float(f64::from(f32::from_bits(b)))),
                    None => v.parse::<f64>().ok().map(Scalar::Float),
                },
                'u' => int(v).map(|x| Scalar::Uint(x as u64)),
                // Two's complement of the type's width: `-0x40000000`, `0xffffffff` (-1).
                'i' => int(v).map(|x| Scalar::Int(x as i32 as i64)),
                'I' => int(v).map(|x| Scalar::Int(x as i64)),
                _ => match v {
                    "true" => Some(Scalar::Bool(true)),
                    "false" => Some(Scalar::Bool(false)),
                    _ => int(v).map(|x| Scalar::Bool(x != 0)),
                },
            };
            s.ok_or_else(|| format!("uniform value `{v}` of type `{ty}`"))
        })
        .collect()
}

/// Sets every uniform the shader has (by GL path, else as a block member); names the shader
/// does not have are left alone, as GL leaves inactive uniforms.
fn set_uniforms(it: &mut Interp<'_>, uniforms: &[Uniform]) {
    for (name, element, vals) in uniforms {
        if it.set_uniform_path(name, vals).is_err() {
            let _ = it.set_block_member_of(name, *element, vals);
        }
    }
}

/// A `uniform` command: the GL path, the element of an array of blocks it sets a member of
/// (`ubo array index`), the values.
type Uniform = (String, u32, Vec<Scalar>);

/// Checks a probe command: `Ok(Some(why))` when it fails, `Err` when it is not supported.
fn probe(
    text: &str,
    relative: bool,
    fb: &[[u8; 4]],
    size: [u32; 2],
    tolerance: [f64; 4],
) -> Result<Option<String>, String> {
    let rest = text
        .strip_prefix(if relative { "relative probe" } else { "probe" })
        .unwrap_or(text)
        .trim();
    let (all, rest) = match rest.strip_prefix("all") {
        Some(r) => (true, r.trim()),
        None => (false, rest),
    };
    let (rect, rest) = match rest.strip_prefix("rect") {
        Some(r) => (true, r.trim()),
        None => (false, rest),
    };
    let (channels, rest) = if let Some(r) = rest.strip_prefix("rgba") {
        (4, r)
    } else if let Some(r) = rest.strip_prefix("rgb") {
        (3, r)
    } else {
        return Err(format!("probe `{text}` is not run"));
    };
    let Some(nums) = numbers(rest) else {
        return Err(format!("probe `{text}` is not run"));
    };
    let [w, h] = size;
    let (fw, fh) = (f64::from(w), f64::from(h));
    let (x0, y0, x1, y1, expected) = if all {
        if nums.len() < channels {
            return Err(format!("probe `{text}` is not run"));
        }
        (0, 0, w, h, nums)
    } else if rect {
        if nums.len() < 4 + channels {
            return Err(format!("probe `{text}` is not run"));
        }
        let r = if relative {
            [nums[0] * fw, nums[1] * fh, nums[2] * fw, nums[3] * fh]
        } else {
            [nums[0], nums[1], nums[2], nums[3]]
        };
        let x0 = r[0].max(0.0) as u32;
        let y0 = r[1].max(0.0) as u32;
        (
            x0,
            y0,
            ((r[0] + r[2]).max(0.0) as u32).min(w),
            ((r[1] + r[3]).max(0.0) as u32).min(h),
            nums[4..].to_vec(),
        )
    } else {
        if nums.len() < 2 + channels {
            return Err(format!("probe `{text}` is not run"));
        }
        let (x, y) = if relative {
            (
                ((nums[0] * fw) as u32).min(w.saturating_sub(1)),
                ((nums[1] * fh) as u32).min(h.saturating_sub(1)),
            )
        } else {
            (nums[0].max(0.0) as u32, nums[1].max(0.0) as u32)
        };
        (
            x,
            y,
            x.saturating_add(1),
            y.saturating_add(1),
            nums[2..].to_vec(),
        )
    };
    if x1 > w || y1 > h {
        return Ok(Some(format!("probe outside the {w}x{h} window: `{text}`")));
    }
    for y in y0..y1 {
        for x in x0..x1 {
            let p = fb[(y * w + x) as usize];
            let bad =
                (0..channels).any(|c| (f64::from(p[c]) / 255.0 - expected[c]).abs() > tolerance[c]);
            if bad {
                let observed: Vec<String> = p[..channels]
                    .iter()
                    .map(|v| format!("{:.3}", f64::from(*v) / 255.0))
                    .collect();
                let want: Vec<String> = expected[..channels]
                    .iter()
                    .map(|v| format!("{v}"))
                    .collect();
                return Ok(Some(format!(
                    "probe at ({x}, {y}): expected ({}), observed ({})",
                    want.join(", "),
                    observed.join(", ")
                )));
            }
        }
    }
    Ok(None)
}

/// The `.shader_test` files under the paths (a file named on its own is taken as it is).
pub fn collect(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            out.extend(
                fresnel_testfmt::collect::files_under(std::slice::from_ref(p))
                    .into_iter()
                    .filter(|f| f.extension().is_some_and(|x| x == "shader_test")),
            );
        } else {
            out.push(p.clone());
        }
    }
    out
}
