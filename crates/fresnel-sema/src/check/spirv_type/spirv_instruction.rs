//! `spirv_instruction(extensions = [...], capabilities = [...], set = "...", id = N)` on a
//! function prototype (GL_EXT_spirv_intrinsics; issue 5): recorded in
//! `Module::spirv_instructions` so that the lowering makes a call of the function that
//! SPIR-V instruction. Arguments that are not what the extension allows are left to the
//! checks of the qualifier (the prototype is then not recorded).

use fresnel_syntax::ast::{self, QualifierKind};

use crate::check::Checker;
use crate::hir::{FuncId, SpirvInstruction};

impl Checker<'_> {
    pub(crate) fn record_spirv_instruction(&mut self, p: &ast::FunctionProto, fid: FuncId) {
        for q in &p.qualifiers.items {
            let QualifierKind::Spirv(sq) = &q.kind else {
                continue;
            };
            if self.name(sq.name) != "spirv_instruction" {
                continue;
            }
            if let Some(mut si) = self.spirv_instruction_args(sq) {
                for prm in &p.params {
                    let has = |name: &str| {
                        prm.qualifiers.items.iter().any(|q| {
                            matches!(&q.kind, QualifierKind::Spirv(s) if self.name(s.name) == name)
                        })
                    };
                    si.by_reference.push(has("spirv_by_reference"));
                    si.literal.push(has("spirv_literal"));
                }
                self.m.spirv_instructions.insert(fid, si);
            }
        }
    }

    fn spirv_instruction_args(&mut self, q: &ast::SpirvQualifier) -> Option<SpirvInstruction> {
        let mut si = SpirvInstruction {
            set: None,
            id: 0,
            extensions: Vec::new(),
            capabilities: Vec::new(),
            by_reference: Vec::new(),
            literal: Vec::new(),
        };
        let mut have_id = false;
        if q.args.len() > super::MAX_ARGS {
            return None;
        }
        for a in &q.args {
            let ast::SpirvArg::Named { key, value, span } = a else {
                return None;
            };
            match self.name(*key) {
                "id" => {
                    si.id = u32::try_from(self.spirv_int(value, *span)?).ok()?;
                    have_id = true;
                }
                "set" => {
                    let ast::SpirvArg::Expr(e) = &**value else {
                        return None;
                    };
                    let ast::ExprKind::StrLit(s) = &self.ast().expr(*e).kind else {
                        return None;
                    };
                    si.set = Some(self.name(*s).trim_matches('"').to_string());
                }
                "extensions" => si.extensions = self.spirv_list(value, *span, true)?.1,
                "capabilities" => {
                    si.capabilities = self
                        .spirv_list(value, *span, false)?
                        .0
                        .into_iter()
                        .map(|c| u32::try_from(c).ok())
                        .collect::<Option<Vec<u32>>>()?;
                }
                _ => return None,
            }
        }
        have_id.then_some(si)
    }
}
