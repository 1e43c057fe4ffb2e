//! File tests of `vars_to_ssa`: each `tests/ssa/*.ir` holds the input IR, a line
//! `// ==== after vars_to_ssa ====`, and the expected IR. The input and the output must
//! pass the validator, and the output must print exactly as expected. Set
//! `FRESNEL_BLESS=1` to rewrite the expected parts.

#[path = "../../fresnel-ir/tests/common/mod.rs"]
mod common;

use std::collections::HashMap;

use fresnel_ir::{
    parse, validate, AluOp, BlockId, CfNode, DerefKind, Function, IndexKind, InstrKind, Intrinsic,
    JumpKind, Shader, ValueId, VarId, VarMode,
};
use fresnel_lower::ssa::vars_to_ssa;

const MARKER: &str = "// ==== after vars_to_ssa ====";

fn check_valid(s: &Shader, what: &str) {
    if let Err(e) = validate(s) {
        let msgs: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        panic!("{what} is invalid:\n{}\n{s}", msgs.join("\n"));
    }
}

#[test]
fn ssa_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ssa");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/ssa exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ir"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "only {} files", files.len());
    let bless = std::env::var_os("FRESNEL_BLESS").is_some();
    let mut failures = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(path).expect("readable");
        let (input, expected) = match text.split_once(MARKER) {
            Some((a, b)) => (a.to_string(), b.trim_start_matches('\n').to_string()),
            None => (text.clone(), String::new()),
        };
        let mut s = parse(&input).unwrap_or_else(|e| panic!("{name}: {e}"));
        check_valid(&s, &format!("{name} input"));
        let changed = vars_to_ssa(&mut s);
        check_valid(&s, &format!("{name} output"));
        let out = s.to_string();
        // The output parses back to itself.
        let again = parse(&out).unwrap_or_else(|e| panic!("{name} output: {e}\n{out}"));
        assert_eq!(again.to_string(), out, "{name}: output does not round-trip");
        let want_change = !name.starts_with("keep_");
        assert_eq!(
            changed, want_change,
            "{name}: vars_to_ssa returned {changed}"
        );
        if bless {
            std::fs::write(
                path,
                format!(
                    "{}{MARKER}\n{out}",
                    input.trim_end_matches('\n').to_string() + "\n"
                ),
            )
            .expect("writable");
        } else if out != expected {
            failures.push(format!("{name}: got\n{out}\nexpected\n{expected}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Random builder-made shaders (nested ifs and loops with break/continue/return, loads and
/// stores, partial ones too, of two locals, stores to an output): after the pass they
/// validate, the locals are gone, the text round-trips, and a small evaluator gives the
/// same sequence of output stores before and after.
#[test]
fn random_shaders_promote_and_validate() {
    let mut x: u32 = 7;
    let mut next = || {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (x >> 16) as u8
    };
    let mut phis = 0;
    let mut stores = 0;
    let mut finished = 0;
    for round in 0..300 {
        let len = 10 + usize::from(next()) % 200;
        let ops: Vec<(u8, u8, u8)> = (0..len).map(|_| (next(), next(), next())).collect();
        let mut s = common::random_shader(&ops);
        check_valid(&s, &format!("round {round} input"));
        let before = run(&s);
        assert!(
            vars_to_ssa(&mut s),
            "round {round}: the local is promotable"
        );
        let after = run(&s);
        let n = before.stores.len().min(after.stores.len());
        if before.finished && after.finished {
            assert_eq!(
                before.stores, after.stores,
                "round {round}: outputs differ\n{s}"
            );
        } else {
            assert_eq!(
                before.stores[..n],
                after.stores[..n],
                "round {round}: outputs differ"
            );
        }
        stores += before.stores.len();
        finished += usize::from(before.finished);
        check_valid(&s, &format!("round {round} output"));
        assert!(
            s.vars.values().all(|v| v.mode != VarMode::Function),
            "round {round}"
        );
        for f in s.functions.values() {
            assert!(f.locals.is_empty());
            for i in f.instrs_in_order() {
                match &f.instrs[i].kind {
                    InstrKind::Deref(d) if d.mode == VarMode::Function => {
                        panic!("round {round}: deref left")
                    }
                    InstrKind::Phi { .. } => phis += 1,
                    _ => {}
                }
            }
        }
        let text = s.to_string();
        let again = parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.to_string(), text);
        // Liveness with phis, against brute force.
        for f in s.functions.values() {
            let l = fresnel_ir::analysis::Liveness::compute(f);
            let brute = common::brute_live_in(f);
            for b in f.blocks_in_order() {
                for v in f.values.keys() {
                    assert_eq!(
                        l.is_live_in(b, v),
                        brute[b.0 as usize][v.0 as usize],
                        "round {round}: {v} live into {b}\n{s}"
                    );
                }
            }
        }
    }
    assert!(phis > 50, "only {phis} phis placed over all rounds");
    eprintln!("{stores} output stores, {finished} runs finished, {phis} phis");
    assert!(stores > 300, "only {stores} output stores observed");
    assert!(finished > 200, "only {finished} of 300 runs finished");
}

/// What an evaluation stored to outputs.
struct Trace {
    stores: Vec<Vec<u64>>,
    finished: bool,
}

enum Flow {
    Normal,
    Break,
    Continue,
    Return,
    OutOfSteps,
}

/// A tiny evaluator for the instructions the random shaders use (memory starts zeroed, and
/// `undef` reads as zero, so a load of an unwritten local and its SSA form agree).
struct Eval<'a> {
    f: &'a Function,
    vals: HashMap<ValueId, Vec<u64>>,
    mem: HashMap<VarId, Vec<u64>>,
    modes: Vec<VarMode>,
    stores: Vec<Vec<u64>>,
    prev: Option<BlockId>,
    steps: usize,
}

fn run(s: &Shader) -> Trace {
    let f = &s.functions[s.entry.expect("entry")];
    let mut e = Eval {
        f,
        vals: HashMap::new(),
        mem: HashMap::new(),
        modes: s.vars.values().map(|v| v.mode).collect(),
        stores: Vec::new(),
        prev: None,
        steps: 0,
    };
    let finished = !matches!(e.list(&f.body), Flow::OutOfSteps);
    Trace {
        stores: e.stores,
        finished,
    }
}

impl Eval<'_> {
    fn val(&self, v: ValueId) -> Vec<u64> {
        self.vals
            .get(&v)
            .cloned()
            .unwrap_or_else(|| panic!("{v} read before it is computed"))
    }

    fn list(&mut self, list: &[CfNode]) -> Flow {
        for n in list {
            let flow = match *n {
                CfNode::Block(b) => self.block(b),
                CfNode::If(i) => {
                    let node = &self.f.ifs[i];
                    if self.val(node.cond)[0] & 1 != 0 {
                        self.list(&node.then_list)
                    } else {
                        self.list(&node.else_list)
                    }
                }
                CfNode::Loop(l) => loop {
                    match self.list(&self.f.loops[l].body) {
                        Flow::Break => break Flow::Normal,
                        Flow::Normal | Flow::Continue => {}
                        other => break other,
                    }
                },
            };
            if !matches!(flow, Flow::Normal) {
                return flow;
            }
        }
        Flow::Normal
    }

    fn block(&mut self, b: BlockId) -> Flow {
        let f = self.f;
        // Phis read their sources all at once, from the block control came from.
        let mut phi_vals = Vec::new();
        for &i in &f.blocks[b].instrs {
            if let InstrKind::Phi { dest, srcs } = &f.instrs[i].kind {
                let from = self.prev.expect("a phi in a block with a predecessor");
                let (_, v) = srcs.iter().find(|(p, _)| *p == from).expect("phi source");
                phi_vals.push((*dest, self.val(*v)));
            }
        }
        self.vals.extend(phi_vals);
        self.prev = Some(b);
        for &i in &f.blocks[b].instrs {
            self.steps += 1;
            if self.steps > 20_000 {
                return Flow::OutOfSteps;
            }
            match &f.instrs[i].kind {
                InstrKind::Phi { .. } => {}
                InstrKind::LoadConst { dest, values } => {
                    self.vals.insert(*dest, values.to_vec());
                }
                InstrKind::Undef { dest } => {
                    let n = f.values[*dest].num_components;
                    self.vals.insert(*dest, vec![0; usize::from(n)]);
                }
                InstrKind::Deref(d) => {
                    let DerefKind::Var(v) = d.kind else {
                        panic!("only variable derefs")
                    };
                    self.vals.insert(d.dest, vec![u64::from(v.0)]);
                }
                InstrKind::Intrinsic(x) => {
                    let var = VarId(self.val(x.srcs[0])[0] as u32);
                    let n = usize::from(x.num_components);
                    match x.op {
                        Intrinsic::LoadDeref => {
                            let m = self.mem.get(&var).cloned().unwrap_or_else(|| vec![0; n]);
                            self.vals.insert(x.dest.expect("result"), m);
                        }
                        Intrinsic::StoreDeref => {
                            let value = self.val(x.srcs[1]);
                            let mask = x.index(IndexKind::WriteMask).unwrap_or(-1);
                            let m = self.mem.entry(var).or_insert_with(|| vec![0; n]);
                            for k in 0..n {
                                if mask & (1 << k) != 0 {
                                    m[k] = value[k];
                                }
                            }
                            if self.modes[var.0 as usize] == VarMode::ShaderOut {
                                self.stores.push(value);
                            }
                        }
                        other => panic!("unexpected {}", other.name()),
                    }
                }
                InstrKind::Alu(a) => {
                    let n = usize::from(f.values[a.dest].num_components);
                    let info = a.op.info();
                    let srcs: Vec<Vec<u64>> = a.srcs.iter().map(|s| self.val(s.value)).collect();
                    let comp = |s: usize, k: usize| srcs[s][usize::from(a.srcs[s].swizzle[k])];
                    let fl = |x: u64| f32::from_bits(x as u32);
                    let fb = |x: f32| u64::from(x.to_bits());
                    let int = |x: u64| x as u32 as i32;
                    let out: Vec<u64> = (0..n)
                        .map(|k| {
                            let c = |s: usize| {
                                if info.src_size[s] == 0 {
                                    comp(s, k)
                                } else {
                                    comp(s, 0)
                                }
                            };
                            match a.op {
                                AluOp::Mov => c(0),
                                AluOp::Vec2 | AluOp::Vec3 | AluOp::Vec4 => comp(k, 0),
                                AluOp::Fadd => fb(fl(c(0)) + fl(c(1))),
                                AluOp::Fsub => fb(fl(c(0)) - fl(c(1))),
                                AluOp::Fmul => fb(fl(c(0)) * fl(c(1))),
                                AluOp::Fmin => fb(fl(c(0)).min(fl(c(1)))),
                                AluOp::Fmax => fb(fl(c(0)).max(fl(c(1)))),
                                AluOp::Flt => u64::from(fl(c(0)) < fl(c(1))),
                                AluOp::Ilt => u64::from(int(c(0)) < int(c(1))),
                                AluOp::Iadd => u64::from(int(c(0)).wrapping_add(int(c(1))) as u32),
                                AluOp::Imul => u64::from(int(c(0)).wrapping_mul(int(c(1))) as u32),
                                other => panic!("unexpected {other}"),
                            }
                        })
                        .collect();
                    self.vals.insert(a.dest, out);
                }
                InstrKind::Jump(j) => {
                    return match j {
                        JumpKind::Break => Flow::Break,
                        JumpKind::Continue => Flow::Continue,
                        JumpKind::Return => Flow::Return,
                    }
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        Flow::Normal
    }
}

/// A large function (tens of thousands of instructions, thousands of ifs and loops): the
/// pass, the validator, the printer and the parser keep up (each is linear or close to it;
/// the test would time out on quadratic behaviour) and agree.
#[test]
fn large_random_shader() {
    let mut x: u32 = 99;
    let mut next = || {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (x >> 16) as u8
    };
    // No jumps at the top level: keep everything reachable.
    let ops: Vec<(u8, u8, u8)> = (0..30000)
        .map(|_| (next(), next(), next()))
        .map(|(o, a, c)| (if o % 13 == 10 { 0 } else { o }, a, c))
        .collect();
    let mut s = common::random_shader(&ops);
    let f = &s.functions[s.entry.expect("entry")];
    assert!(f.ifs.len() > 1000, "{} ifs", f.ifs.len());
    check_valid(&s, "large input");
    let text = s.to_string();
    let p = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.to_string(), text);
    let before = run(&s);
    assert!(vars_to_ssa(&mut s));
    check_valid(&s, "large output");
    let after = run(&s);
    let n = before.stores.len().min(after.stores.len());
    assert_eq!(before.stores[..n], after.stores[..n]);
}

/// Valid shaders made by deleting, duplicating and swapping lines of a hand-built one (calls,
/// parameters, a loop with break and continue, partial stores, a uniform block): the pass
/// keeps them valid.
#[test]
fn mutated_valid_shaders_stay_valid() {
    let base = common::sample_shader().to_string();
    let lines: Vec<&str> = base.lines().collect();
    let mut x: u32 = 3;
    let mut next = || {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        (x >> 8) as usize
    };
    let mut checked = 0;
    for _ in 0..4000 {
        let mut l: Vec<&str> = lines.clone();
        for _ in 0..(1 + next() % 3) {
            let a = next() % l.len();
            let b = next() % l.len();
            match next() % 3 {
                0 => {
                    l.remove(a);
                }
                1 => {
                    let s = l[a];
                    l.insert(b, s);
                }
                _ => l.swap(a, b),
            }
        }
        let Ok(mut s) = parse(&l.join("\n")) else {
            continue;
        };
        if validate(&s).is_err() {
            continue;
        }
        checked += 1;
        vars_to_ssa(&mut s);
        check_valid(&s, "mutated shader after vars_to_ssa");
    }
    assert!(checked > 50, "only {checked} valid mutants");
}

/// Differential check on real shaders: every fourth vertex or fragment shader of the dEQP
/// cases expected to compile is lowered twice, with locals in memory (`no_ssa`) and with
/// `vars_to_ssa`, and both are run by the interpreter (four invocations, inputs and
/// default-block uniforms set to small non-zero values): the outputs and discards must be
/// identical bit for bit. Skipped when the corpus is not present.
#[test]
fn ssa_preserves_deqp_results() {
    use fresnel::{Options, SourceInput, Stage, TargetEnv, Version};
    use fresnel_testfmt::deqp::{self, Expect, Flavor, SpecializeOptions};
    use std::path::{Path, PathBuf};

    const CORPUS: &str = "/work/shared/corpus/vk-gl-cts";
    if !Path::new(CORPUS).is_dir() {
        eprintln!("{CORPUS} not present: skipped");
        return;
    }
    fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                collect(&p, out);
            } else if p.extension().is_some_and(|e| e == "test") {
                out.push(p);
            }
        }
    }
    /// Outputs (name, per-invocation slots) and discards, or the error.
    type Run = Result<(Vec<(String, Vec<Vec<u64>>)>, Vec<bool>), String>;
    fn execute(ir: &Shader, _stage: Stage) -> Run {
        // The same synthetic inputs the optimizer's soundness test uses.
        fresnel_interp::probe::run_synthetic(ir, None).map(|p| (p.outputs, p.discarded))
    }
    let mut files = Vec::new();
    collect(Path::new(CORPUS), &mut files);
    let (mut seen, mut compared, mut both_ran) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for path in &files {
        let path_str = path.to_string_lossy().into_owned();
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let flavor = Flavor::for_path(&path_str);
        let mut import = |p: &str| std::fs::read_to_string(p).map_err(|e| e.to_string());
        let Ok(cases) = deqp::parse(&text, &path_str, flavor, &mut import) else {
            continue;
        };
        let sopts = SpecializeOptions::permissive(flavor);
        for case in cases.iter().filter(|c| c.expect == Expect::Pass) {
            for inst in deqp::specialize(case, &sopts) {
                let Ok(programs) = inst.programs else {
                    continue;
                };
                for (stage, src) in programs.into_iter().flat_map(|p| p.shaders) {
                    let stage = Stage::from_extension(stage.extension()).unwrap_or(Stage::Vertex);
                    if !matches!(stage, Stage::Vertex | Stage::Fragment) {
                        continue;
                    }
                    seen += 1;
                    if seen % 4 != 0 {
                        continue;
                    }
                    let mut opts = Options {
                        stage: Some(stage),
                        ..Options::default()
                    };
                    match flavor {
                        Flavor::Vulkan => opts.target = TargetEnv::Vulkan { minor: 0 },
                        _ if case.version.is_es() => {
                            opts.target = TargetEnv::OpenGlEs;
                            opts.default_version = Some(Version::es(100));
                        }
                        _ => opts.target = TargetEnv::OpenGl,
                    }
                    let run = fresnel::check(
                        SourceInput::new("shader", &src),
                        &opts,
                        &mut fresnel::NoIncludes,
                    );
                    let Some(module) = run.hir.as_ref().filter(|_| !run.has_errors()) else {
                        continue;
                    };
                    let lower = |no_ssa: bool| {
                        let lopts = fresnel_lower::LowerOptions {
                            vulkan: opts.target.is_vulkan(),
                            no_ssa,
                        };
                        fresnel_lower::lower(module, &run.interner, &lopts).ok()
                    };
                    let (Some(mem), Some(ssa)) = (lower(true), lower(false)) else {
                        continue;
                    };
                    compared += 1;
                    let (a, b) = (execute(&mem, stage), execute(&ssa, stage));
                    let same = match (&a, &b) {
                        (Ok(x), Ok(y)) => {
                            both_ran += 1;
                            x == y
                        }
                        (Err(_), Err(_)) => true,
                        _ => false,
                    };
                    if !same && failures.len() < 10 {
                        let show = |r: &Run| match r {
                            Ok((o, d)) => format!("{o:?} discarded {d:?}"),
                            Err(e) => format!("error: {e}"),
                        };
                        failures.push(format!(
                            "{path_str}:{} {}:\n  memory: {}\n  ssa:    {}",
                            case.line,
                            inst.name,
                            show(&a),
                            show(&b)
                        ));
                    }
                }
            }
        }
    }
    eprintln!("{compared} shaders compared, {both_ran} ran in both forms");
    assert!(compared > 1000, "only {compared} shaders compared");
    assert!(both_ran > compared / 2, "only {both_ran} of {compared} ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
