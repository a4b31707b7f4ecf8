#pragma once
// Analytic models for the scaling tests, on a machine profile whose
// rho/beta/gamma the formulas do not use unless they say so.

#include "scaling/analytic-model.h"

#include <gtest/gtest.h>

#include <memory>

namespace ps::test {

inline std::unique_ptr<scaling::AnalyticModel> analytic(const std::string& name, const std::string& time,
                                                         const std::string& work,
                                                         std::map<std::string, double> constants = {})
{
  machine::MachineProfile machine;
  machine.startup = 45e-6;
  machine.byteTime = 1 / 35e6;
  scaling::AnalyticModelError error;
  auto model = scaling::AnalyticModel::create({name, time, work, std::move(constants)}, machine, &error);
  EXPECT_TRUE(model) << error.formula << ":" << error.column << ": " << error.message;
  return model;
}

} // namespace ps::test
