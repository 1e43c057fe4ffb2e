//! Specialization constants in SPIR-V (helper E, issue 5): every declared constant is an
//! `OpSpecConstant*` with its `SpecId`; code reads those ids (so specializing the module
//! changes what it computes); `gl_WorkGroupSize` with `local_size_x_id` is the
//! `OpSpecConstantComposite` decorated `BuiltIn WorkgroupSize`. Checked with `spirv-val`,
//! by reading the module back, and by specializing it with `spirv-opt
//! --set-spec-const-default-value ... --freeze-spec-const -O`, after which the stored values
//! fold to the specialized results. Tests needing SPIRV-Tools are skipped (with a message)
//! when the tools are not installed.

use std::io::Write;
use std::process::{Command, Stdio};

use fresnel::{Options, SourceInput, Stage, TargetEnv};
use fresnel_backend::spirv::{self, SpirvOptions};

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Runs a SPIRV-Tools program with the module on stdin; its stdout, or the error text.
fn tool(name: &str, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = Command::new(name)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {name}: {e}"))?;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(format!(
            "{name} failed: {}{}",
            String::from_utf8_lossy(&out.stderr),
            String::from_utf8_lossy(&out.stdout)
        ))
    }
}

fn compile(src: &str) -> Vec<u32> {
    let opts = Options {
        stage: Some(Stage::Compute),
        target: TargetEnv::Vulkan { minor: 1 },
        ..Options::default()
    };
    let run = fresnel::lower_to_ir(
        SourceInput::new("t.comp", src),
        &opts,
        &mut fresnel::NoIncludes,
    );
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let ir = run.ir.expect("lowered");
    let sopts = SpirvOptions {
        target: spirv::TargetEnv::Vulkan { minor: 1 },
        ..SpirvOptions::default()
    };
    spirv::emit(&ir, &sopts).expect("SPIR-V")
}

/// The instructions of a module: (opcode, operands).
fn instructions(words: &[u32]) -> Vec<(u16, Vec<u32>)> {
    let mut out = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        assert!(count > 0 && i + count <= words.len(), "malformed module");
        out.push(((words[i] & 0xffff) as u16, words[i + 1..i + count].to_vec()));
        i += count;
    }
    out
}

const OP_DECORATE: u16 = 71;
const OP_SPEC_CONSTANT_TRUE: u16 = 48;
const OP_SPEC_CONSTANT_FALSE: u16 = 49;
const OP_SPEC_CONSTANT: u16 = 50;
const OP_SPEC_CONSTANT_COMPOSITE: u16 = 51;
const OP_FUNCTION: u16 = 54;
const DEC_SPEC_ID: u32 = 1;
const DEC_BUILT_IN: u32 = 11;
const BUILT_IN_WORKGROUP_SIZE: u32 = 25;

/// The result id decorated `SpecId id`.
fn spec_target(ins: &[(u16, Vec<u32>)], id: u32) -> Option<u32> {
    ins.iter().find_map(|(op, o)| {
        (*op == OP_DECORATE && o.len() == 3 && o[1] == DEC_SPEC_ID && o[2] == id).then_some(o[0])
    })
}

/// Whether an instruction inside a function uses `id` as an operand (the id is global, so
/// inside functions it is never a result; the instructions that mention it here are
/// stores and value instructions, whose literal operands are small composite indices).
fn used_in_code(ins: &[(u16, Vec<u32>)], id: u32) -> bool {
    let start = ins
        .iter()
        .position(|(op, _)| *op == OP_FUNCTION)
        .unwrap_or(ins.len());
    ins[start..].iter().any(|(_, o)| o.contains(&id))
}

/// Whether an `OpSpecConstantOp` reads `id` (arithmetic on specialization constants is
/// written so, as glslang does: issue 6).
fn used_by_spec_op(ins: &[(u16, Vec<u32>)], id: u32) -> bool {
    const OP_SPEC_CONSTANT_OP: u16 = 52;
    ins.iter()
        .any(|(op, o)| *op == OP_SPEC_CONSTANT_OP && o.len() > 3 && o[3..].contains(&id))
}

const SHADER: &str = "#version 450
layout(local_size_x = 1) in;
layout(constant_id = 0) const int N = 4;
layout(constant_id = 1) const float S = 1.5;
layout(constant_id = 2) const bool B = true;
layout(constant_id = 7) const uint UNUSED = 3u;
const int M = N * 2 + 1;
layout(std430, binding = 0) buffer Out { int i[3]; float f; };
void main() {
    i[0] = M;
    i[1] = B ? N : -N;
    int arr[M];
    i[2] = arr.length();
    f = S * 2.0;
}
";

#[test]
fn spec_constants_are_declared_and_read_in_code() {
    let words = compile(SHADER);
    let ins = instructions(&words);
    for (cid, opcodes) in [
        (0, &[OP_SPEC_CONSTANT][..]),
        (1, &[OP_SPEC_CONSTANT][..]),
        (2, &[OP_SPEC_CONSTANT_TRUE][..]),
        (7, &[OP_SPEC_CONSTANT][..]),
    ] {
        let id = spec_target(&ins, cid).unwrap_or_else(|| panic!("no SpecId {cid}"));
        let decl = ins
            .iter()
            .find(|(_, o)| o.get(1) == Some(&id))
            .expect("declared");
        assert!(
            opcodes.contains(&decl.0),
            "SpecId {cid}: opcode {} declares it",
            decl.0
        );
        if cid != 7 {
            assert!(
                used_in_code(&ins, id) || used_by_spec_op(&ins, id),
                "SpecId {cid} is not read in code nor by an OpSpecConstantOp"
            );
        }
    }
    assert!(!ins.iter().any(|(op, _)| *op == OP_SPEC_CONSTANT_FALSE));
    if have("spirv-val") {
        tool(
            "spirv-val",
            &["--target-env", "vulkan1.1", "-"],
            &spirv::to_bytes(&words),
        )
        .expect("valid");
    } else {
        eprintln!("spirv-val not installed: validation skipped");
    }
}

/// The words stored through `OpStore` of constants after specializing and optimizing:
/// the integer constants' values, in the order of the stores.
fn specialized_int_stores(words: &[u32], spec: &str) -> Result<Vec<u32>, String> {
    let bytes = spirv::to_bytes(words);
    let out = tool(
        "spirv-opt",
        &[
            &format!("--set-spec-const-default-value={spec}"),
            "--freeze-spec-const",
            // Arithmetic on specialization constants is `OpSpecConstantOp` (issue 6).
            "--fold-spec-const-op-composite",
            "-O",
            "-",
            "-o",
            "-",
        ],
        &bytes,
    )?;
    let w: Vec<u32> = out
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let ins = instructions(&w);
    const OP_CONSTANT: u16 = 43;
    const OP_STORE: u16 = 62;
    let mut vals = Vec::new();
    for (op, o) in &ins {
        if *op == OP_STORE {
            if let Some((_, c)) = ins
                .iter()
                .find(|(cop, co)| *cop == OP_CONSTANT && co.get(1) == o.get(1))
            {
                vals.push(c[2]);
            }
        }
    }
    Ok(vals)
}

#[test]
fn specializing_the_module_changes_the_results() {
    if !have("spirv-opt") {
        eprintln!("spirv-opt not installed: skipped");
        return;
    }
    let words = compile(SHADER);
    // Defaults: M = 9, B ? N : -N = 4, the array length 9, S * 2 = 3.0.
    let d = specialized_int_stores(&words, "0:4").expect("spirv-opt");
    assert_eq!(d, vec![9, 4, 9, 3.0f32.to_bits()], "defaults");
    // N = 6, S = 2.5, B = false: M = 13, -6, the array length 13 (its length is
    // specializable: `spec_arrays.rs`), 5.0.
    let s = specialized_int_stores(&words, "0:6 1:2.5 2:false").expect("spirv-opt");
    assert_eq!(
        s,
        vec![13, (-6i32) as u32, 13, 5.0f32.to_bits()],
        "specialized"
    );
}

const WG: &str = "#version 450
layout(local_size_x_id = 3, local_size_y = 2) in;
layout(std430, binding = 0) buffer Out { uvec3 w; };
void main() {
    w = gl_WorkGroupSize;
}
";

#[test]
fn workgroup_size_is_the_specializable_builtin() {
    let words = compile(WG);
    let ins = instructions(&words);
    let wg = ins
        .iter()
        .find_map(|(op, o)| {
            (*op == OP_DECORATE
                && o.len() == 3
                && o[1] == DEC_BUILT_IN
                && o[2] == BUILT_IN_WORKGROUP_SIZE)
                .then_some(o[0])
        })
        .expect("BuiltIn WorkgroupSize");
    let decl = ins
        .iter()
        .find(|(_, o)| o.get(1) == Some(&wg))
        .expect("declared");
    assert_eq!(decl.0, OP_SPEC_CONSTANT_COMPOSITE);
    assert!(
        used_in_code(&ins, wg),
        "gl_WorkGroupSize reads the built-in"
    );
    let x = spec_target(&ins, 3).expect("SpecId 3");
    assert_eq!(decl.1[2], x, "x is specialization constant 3");
    if have("spirv-opt") {
        // Specialized to 8: the stored size is made of the constants (8, 2, 1).
        let out = tool(
            "spirv-opt",
            &[
                "--set-spec-const-default-value=3:8",
                "--freeze-spec-const",
                "-O",
                "-",
                "-o",
                "-",
            ],
            &spirv::to_bytes(&words),
        )
        .expect("spirv-opt");
        let w: Vec<u32> = out
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let ins = instructions(&w);
        const OP_CONSTANT: u16 = 43;
        const OP_CONSTANT_COMPOSITE: u16 = 44;
        const OP_STORE: u16 = 62;
        let value_of = |id: u32| {
            ins.iter()
                .find(|(op, o)| *op == OP_CONSTANT && o.get(1) == Some(&id))
                .map(|(_, o)| o[2])
        };
        let stored: Vec<Vec<Option<u32>>> = ins
            .iter()
            .filter(|(op, _)| *op == OP_STORE)
            .filter_map(|(_, o)| {
                ins.iter()
                    .find(|(op, c)| {
                        // The built-in stays an `OpSpecConstantComposite` of frozen parts.
                        matches!(*op, OP_CONSTANT_COMPOSITE | OP_SPEC_CONSTANT_COMPOSITE)
                            && c.get(1) == o.get(1)
                    })
                    .map(|(_, c)| c[2..].iter().map(|id| value_of(*id)).collect())
            })
            .collect();
        assert_eq!(stored, vec![vec![Some(8), Some(2), Some(1)]]);
    }
    if have("spirv-val") {
        tool(
            "spirv-val",
            &["--target-env", "vulkan1.1", "-"],
            &spirv::to_bytes(&words),
        )
        .expect("valid");
    }
}
